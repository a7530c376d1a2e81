import type { Command } from '../_program/command.js';
import { resolveKey } from '../_credentials/index.js';
import { announceKey, verboseOption } from '../_gateway/announce-key.js';

export const tokenCommand: Command = {
  name: 'token',
  summary: 'Print the key in use (for other tools); no network call',
  usage: 'auth token',
  examples: ['svc auth token', 'OPENAI_API_KEY=$(svc auth token) some-tool'],
  options: { ...verboseOption },
  async run(io, args) {
    // The one command that prints a key in full: that is its purpose.
    const key = await resolveKey(io);
    announceKey(io, args, key);
    io.stdout.write(key.apiKey + '\n');
    return 0;
  },
};
