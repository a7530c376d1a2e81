import { resolve } from 'node:path';
import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { UnknownProfileError, findPin, maskKey, profileOf, withPin } from '../_credentials/index.js';
import { UsageError } from '../_program/usage-error.js';
import { profileArg } from './_profile-arg.js';
import { openStore } from './_store-io.js';

export const pinCommand: Command = {
  name: 'pin',
  summary: 'Make the current project folder (and its subfolders) use a saved key',
  usage: 'auth pin <name> | auth pin --remove',
  examples: ['svc auth pin work', 'svc auth pin --remove'],
  options: { remove: { type: 'boolean', description: 'remove the pin of the current folder' } },
  positionals: { min: 0, max: 1, names: '<name>' },
  async run(io, args) {
    const folder = resolve(io.cwd);
    const { update, dir } = await openStore(io);
    if (bool(args, 'remove')) {
      if (args.positionals.length) throw new UsageError('--remove takes no name');
      await update((current) => {
        const pin = findPin(current, folder);
        if (!pin || pin.folder !== folder) {
          throw new UsageError(pin ? `${folder} is not pinned itself; it inherits the pin of ${pin.folder}` : `${folder} is not pinned`);
        }
        return withPin(current, folder, null);
      });
      io.stdout.write(`Removed the pin of ${folder}.\n`);
      return 0;
    }
    if (!args.positionals[0]) throw new UsageError('missing argument <name> (or --remove)');
    const name = profileArg(args.positionals[0], 'name');
    const saved = await update((current) => {
      if (!profileOf(current, name)) throw new UnknownProfileError(name, Object.keys(current.profiles).sort());
      return withPin(current, folder, name);
    });
    const entry = profileOf(saved, name)!;
    io.stdout.write(`${folder} and its subfolders now use "${name}" (${maskKey(entry.api_key)}).\n`);
    io.stdout.write(`The pin is kept in ${dir}, not in the project.\n`);
    if (io.env.SVC_API_KEY?.trim()) io.stderr.write('Note: SVC_API_KEY is set and still takes precedence.\n');
    return 0;
  },
};
