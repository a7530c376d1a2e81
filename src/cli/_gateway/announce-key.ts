import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { bool } from '../_program/args.js';
import type { ResolvedKey } from '../_credentials/index.js';

// Apart from client-for.ts so that `svc auth token`, which makes no request, does not load the
// gateway client (undici and the response schemas): about 0.2 s less before it prints the key.

/** The `--verbose` flag every key-using command has: say which key it uses and why. */
export const verboseOption = {
  verbose: { type: 'boolean', short: 'v', description: 'say which key is used and why (on stderr)' },
} as const;

/** Prints which key and why when `--verbose` is given. */
export function announceKey(io: CommandIO, args: ParsedArgs, key: ResolvedKey): void {
  if (bool(args, 'verbose')) io.stderr.write(`Using key ${key.masked}: ${key.why}.\n`);
}
