import { isoDate } from '../../model/primitives/index.js';
import { monthProblem } from '../options/month.js';
import { RunOptionError } from '../options/run-option-error.js';
import { unknownOption } from '../../core/index.js';

type Kind = 'string' | 'boolean' | 'function' | 'object' | 'signal';

const WHAT: Record<Kind, string> = {
  string: 'must be a string',
  boolean: 'must be true or false',
  function: 'must be a function',
  object: 'must be an object',
  signal: 'must be an AbortSignal',
};

function fits(v: unknown, kind: Kind): boolean {
  if (kind === 'signal') return v instanceof AbortSignal;
  if (kind === 'object') return typeof v === 'object' && v !== null && !Array.isArray(v);
  return typeof v === kind;
}

/**
 * Checks the kind of each option present, before a run starts anything: a JavaScript caller's
 * `outDir: 5` or `onProgress: 'log'` is a RunOptionError naming the option, never a TypeError
 * from inside the run (ranges and formats are checked where each option is used); an option that
 * is none (`languag: 'en'`) is one too. `numbers` are the whole-number options, checked by
 * checkWholeOption where they are used.
 */
export function checkOptionKinds(options: unknown, kinds: Record<string, Kind>, required: readonly string[] = [], numbers: readonly string[] = []): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new RunOptionError('options', 'must be an object of options');
  const o = options as Record<string, unknown>;
  const unknown = unknownOption(o, [...Object.keys(kinds), ...numbers]);
  if (unknown) throw new RunOptionError(unknown.name, unknown.message);
  for (const name of required) if (o[name] === undefined || o[name] === '') throw new RunOptionError(name, 'is required');
  for (const [name, kind] of Object.entries(kinds)) {
    if (o[name] !== undefined && !fits(o[name], kind)) throw new RunOptionError(name, WHAT[kind]);
  }
}

/** A whole-number option within [min, max]; absent is fine (its default applies). */
export function checkWholeOption(v: number | undefined, name: string, min: number, max: number): void {
  if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) throw new RunOptionError(name, `must be a whole number from ${min} to ${max}`);
}

/** The run's month: a real month written `YYYY-MM`. */
export function checkMonthOption(month: string): void {
  const problem = monthProblem(month);
  if (problem) throw new RunOptionError('month', problem);
}

/** A calendar date option, `YYYY-MM-DD` and a real date; absent is fine (its default applies). */
export function checkDateOption(v: string | undefined, name: string): void {
  if (v === undefined) return;
  if (!isoDate.safeParse(v).success) throw new RunOptionError(name, `must be a date YYYY-MM-DD (got "${v}")`);
}

/** The options every month-end entry point shares with MonthEndOptions. */
export const RUN_OPTION_KINDS: Record<string, Kind> = {
  outDir: 'string',
  month: 'string',
  signal: 'signal',
  onProgress: 'function',
  language: 'string',
  withServicePdf: 'boolean',
  env: 'object',
  client: 'object',
  creditNoteDate: 'string',
  rates: 'string',
};
