import type { Command } from '../_program/command.js';
import { UnknownProfileError, maskKey, profileOf } from '../_credentials/index.js';
import { profileArg } from './_profile-arg.js';
import { openStore } from './_store-io.js';

export const useCommand: Command = {
  name: 'use',
  summary: 'Make a saved key the default',
  usage: 'auth use <name>',
  examples: ['svc auth use work'],
  options: {},
  positionals: { min: 1, max: 1, names: '<name>' },
  async run(io, args) {
    const name = profileArg(args.positionals[0]!, 'name');
    const { update } = await openStore(io);
    const saved = await update((current) => {
      if (!profileOf(current, name)) throw new UnknownProfileError(name, Object.keys(current.profiles).sort());
      return { ...current, default: name };
    });
    const entry = profileOf(saved, name)!;
    io.stdout.write(`"${name}" (${maskKey(entry.api_key)}) is now the default key.\n`);
    if (io.env.SVC_API_KEY?.trim()) io.stderr.write('Note: SVC_API_KEY is set and still takes precedence.\n');
    return 0;
  },
};
