import type { CommandIO } from '../_program/command.js';
import { plainText } from '../_output/sanitize.js';

/** The warnings already printed per command's io, so a request made twice is told once. */
const told = new WeakMap<CommandIO, Set<string>>();

/**
 * The clients' onWarning for a command: each warning (an answer that was not valid UTF-8, …) one
 * line `svc: warning: …` on stderr, once per command, its text shown by the one rule.
 */
export function clientWarnings(io: CommandIO): (message: string) => void {
  return (message) => {
    const seen = told.get(io) ?? new Set<string>();
    told.set(io, seen);
    if (seen.has(message)) return;
    seen.add(message);
    io.stderr.write(`svc: warning: ${plainText(message)}\n`);
  };
}
