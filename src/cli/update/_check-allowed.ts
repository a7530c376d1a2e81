import type { CommandIO } from '../_program/command.js';

/**
 * The daily check runs only for a person at a terminal: never into a pipe or file, never in CI,
 * not with SVC_NO_UPDATE_CHECK=1. A module of its own so that the bin asks this before it loads
 * the check (auto-check.ts and the install-kind, cache and child-process modules it needs).
 */
export function updateCheckAllowed(io: CommandIO): boolean {
  if (io.stdout.isTTY !== true) return false;
  if (io.env.CI) return false;
  return io.env.SVC_NO_UPDATE_CHECK !== '1';
}
