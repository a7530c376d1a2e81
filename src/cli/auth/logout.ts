import type { Command } from '../_program/command.js';
import { str } from '../_program/args.js';
import { UnknownProfileError, maskKey, nameTable, pickKey, profileOf, type Credentials } from '../_credentials/index.js';
import { UsageError } from '../_program/usage-error.js';
import { profileArg } from './_profile-arg.js';
import { openStore } from './_store-io.js';

/** The saved key `logout` deletes: the one named, else the one in use (never SVC_API_KEY, which is not saved). */
function profileToDelete(credentials: Credentials, named: string | undefined, io: Parameters<Command['run']>[0]): string {
  if (named !== undefined) {
    if (!profileOf(credentials, named)) throw new UnknownProfileError(named, Object.keys(credentials.profiles).sort());
    return named;
  }
  const inUse = pickKey(credentials, io.env, io.cwd);
  if (inUse.source === 'env') {
    throw new UsageError('the key in use comes from SVC_API_KEY, which is not saved; unset it, or name a saved key with --profile');
  }
  return inUse.profile!;
}

export const logoutCommand: Command = {
  name: 'logout',
  summary: 'Delete the saved key in use (or the one named with --profile)',
  usage: 'auth logout [--profile NAME]',
  examples: ['svc auth logout', 'svc auth logout --profile old-project'],
  options: { profile: { type: 'string', valueName: 'NAME', description: 'delete this saved key instead of the one in use' } },
  async run(io, args) {
    const flag = str(args, 'profile');
    const named = flag === undefined ? undefined : profileArg(flag, '--profile');
    const { update } = await openStore(io);
    let deleted = { name: '', masked: '', unpinned: 0, wasDefault: false, newDefault: undefined as string | undefined };
    const saved = await update((current) => {
      const name = profileToDelete(current, named, io);
      const entry = profileOf(current, name);
      const profiles = nameTable(Object.entries(current.profiles).filter(([n]) => n !== name));
      const pins = nameTable(Object.entries(current.pins).filter(([, p]) => p !== name));
      const unpinned = Object.keys(current.pins).length - Object.keys(pins).length;
      const left = Object.keys(profiles);
      // The default deleted with one key left: that one is the default now (as gh switches to the remaining account).
      const newDefault = current.default === name && left.length === 1 ? left[0] : undefined;
      deleted = { name, masked: maskKey(entry!.api_key), unpinned, wasDefault: current.default === name, newDefault };
      return { version: 1, default: current.default === name ? (newDefault ?? null) : current.default, profiles, pins };
    });
    io.stdout.write(`Deleted saved key "${deleted.name}" (${deleted.masked}).\n`);
    if (deleted.unpinned) io.stdout.write(`Removed ${deleted.unpinned} project pin${deleted.unpinned > 1 ? 's' : ''} that used it.\n`);
    if (deleted.newDefault !== undefined) {
      const masked = maskKey(profileOf(saved, deleted.newDefault)!.api_key);
      io.stdout.write(`The default key is now "${deleted.newDefault}" (${masked}), the one saved key left.\n`);
    } else if (deleted.wasDefault && Object.keys(saved.profiles).length) {
      io.stdout.write(`There is no default key now; choose one with "svc auth use <name>".\n`);
    }
    return 0;
  },
};
