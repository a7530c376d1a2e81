import type { Command } from '../_command.js';
import { str } from '../_args.js';
import { UnknownProfileError, maskKey, pickKey } from '../_credentials/index.js';
import { UsageError } from '../usage-error.js';
import { profileArg } from './_profile-arg.js';
import { openStore } from './_store-io.js';

export const logoutCommand: Command = {
  name: 'logout',
  summary: 'Delete the saved key in use (or the one named with --profile)',
  usage: 'auth logout [--profile NAME]',
  examples: ['svc auth logout', 'svc auth logout --profile old-project'],
  options: { profile: { type: 'string', valueName: 'NAME', description: 'delete this saved key instead of the one in use' } },
  async run(io, args) {
    const { credentials, save } = await openStore(io);
    const named = str(args, 'profile');
    let name: string;
    if (named !== undefined) {
      name = profileArg(named, '--profile');
      if (!credentials.profiles[name]) throw new UnknownProfileError(name, Object.keys(credentials.profiles).sort());
    } else {
      const inUse = pickKey(credentials, io.env, io.cwd);
      if (inUse.source === 'env') {
        throw new UsageError('the key in use comes from SVC_API_KEY, which is not saved; unset it, or name a saved key with --profile');
      }
      name = inUse.profile!;
    }
    const masked = maskKey(credentials.profiles[name]!.api_key);
    const { [name]: _deleted, ...profiles } = credentials.profiles;
    const pins = Object.fromEntries(Object.entries(credentials.pins).filter(([, p]) => p !== name));
    const unpinned = Object.keys(credentials.pins).length - Object.keys(pins).length;
    await save({ version: 1, default: credentials.default === name ? null : credentials.default, profiles, pins });
    io.stdout.write(`Deleted saved key "${name}" (${masked}).\n`);
    if (unpinned) io.stdout.write(`Removed ${unpinned} project pin${unpinned > 1 ? 's' : ''} that used it.\n`);
    if (credentials.default === name && Object.keys(profiles).length) {
      io.stdout.write(`There is no default key now; choose one with "svc auth use <name>".\n`);
    }
    return 0;
  },
};
