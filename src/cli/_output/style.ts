import type { CommandIO } from '../_program/command.js';

/** ANSI styling for one output stream; plain text unless it is a terminal and NO_COLOR is unset. */
export interface Style {
  bold(this: void, s: string): string;
  dim(this: void, s: string): string;
  green(this: void, s: string): string;
  red(this: void, s: string): string;
  yellow(this: void, s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const identity = (s: string) => s;

/** Colour only on a terminal, never with NO_COLOR (any value, https://no-color.org) or TERM=dumb. */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export function styleFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): Style {
  if (!colorEnabled(stream, env)) return { bold: identity, dim: identity, green: identity, red: identity, yellow: identity };
  return { bold: wrap(1, 22), dim: wrap(2, 22), green: wrap(32, 39), red: wrap(31, 39), yellow: wrap(33, 39) };
}

/**
 * The width output must fit, the one answer for every table and paragraph: the terminal's
 * columns (80 when it does not say); unbounded (`Infinity`) when output goes into a pipe or a
 * file, so what reads it gets full rows and whole lines.
 */
export function outputWidth(io: CommandIO): number {
  if (!io.stdout.isTTY) return Number.POSITIVE_INFINITY;
  const cols = io.stdout.columns;
  return cols !== undefined && Number.isInteger(cols) && cols > 0 ? Math.max(cols, 20) : 80;
}
