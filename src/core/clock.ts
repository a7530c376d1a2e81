import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * The one clock: what "now" is for the library, the CLI and the reference server. Every wall-clock
 * read in src/ goes through `now()` (the lint config forbids `Date.now()` and `new Date()` anywhere
 * else), so a test sets "today" here instead of depending on the day it runs: in process with
 * `useClock`, for the built `svc` with `SVC_NOW`. Durations are measured with `performance.now()`,
 * which no clock setting moves.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that reads `start` now and runs on from there at the machine's pace (as `faketime -f @…` does). */
export function clockStartingAt(start: Date): Clock {
  const offset = start.getTime() - systemClock.now().getTime();
  return { now: () => new Date(systemClock.now().getTime() + offset) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `SVC_NOW` read as a clock: a day (`2027-01-01`, midnight UTC) or an ISO 8601 time with its zone
 * (`2027-01-01T09:30:00Z`); undefined when unset or empty.
 * @throws InvalidArgumentError naming SVC_NOW when it is neither
 */
export function clockFromEnv(env: Record<string, string | undefined>): Clock | undefined {
  const text = env.SVC_NOW?.trim();
  if (!text) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const ms = DAY.test(text) ? Date.parse(`${text}T00:00:00Z`) : zoned ? Date.parse(text) : Number.NaN;
  // Date.parse rolls 2026-02-30 over to March 2; a day that does not exist is refused instead.
  if (Number.isNaN(ms) || !isRealDay(text.slice(0, 10))) {
    throw new InvalidArgumentError('SVC_NOW', `must be a day (YYYY-MM-DD) or an ISO 8601 time with its zone, e.g. 2027-01-01T09:30:00Z (got "${text}")`);
  }
  return clockStartingAt(new Date(ms));
}

function isRealDay(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === ymd;
}

/** The clocks `useClock` set and not yet put back, latest last. */
const set: Array<{ clock: Clock }> = [];
let fromEnv: { clock: Clock | undefined; error?: unknown } | undefined;

/** The clock `now()` reads: the one `useClock` set last, else `SVC_NOW` of this process, else the machine's. */
function active(): Clock {
  const current = set.at(-1)?.clock;
  if (current) return current;
  if (!fromEnv) {
    try {
      fromEnv = { clock: clockFromEnv(process.env) };
    } catch (error) {
      fromEnv = { clock: undefined, error };
    }
  }
  if (fromEnv.error !== undefined) throw fromEnv.error;
  return fromEnv.clock ?? systemClock;
}

/** Now, by the one clock. */
export function now(): Date {
  return active().now();
}

/** Today's date in UTC, `YYYY-MM-DD`, by the one clock. */
export function todayUtc(): string {
  return now().toISOString().slice(0, 10);
}

/**
 * Sets the clock until the returned function is called, which takes this setting away again.
 * Settings may end in any order (two commands run in one process, the first to finish first):
 * each call removes its own, so none outlives its command, and `now()` reads the latest still set.
 */
export function useClock(clock: Clock): () => void {
  const entry = { clock };
  set.push(entry);
  return () => {
    const at = set.indexOf(entry);
    if (at >= 0) set.splice(at, 1);
  };
}
