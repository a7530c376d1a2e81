import { now } from '../core/index.js';

const DAY_MS = 86_400_000;

/**
 * The `Date` header of every answer: the server's today (the dataset's, or `today` given at the
 * start) at the time of day of the one clock. The dataset is a snapshot of a service on that day,
 * so the server says so, as a real service's `Date` says its own clock; `svc usage` takes its
 * periods from it (src/cli/README.md, "Whose today").
 */
export function serviceDateHeader(today: number): string {
  const timeOfDay = ((now().getTime() % DAY_MS) + DAY_MS) % DAY_MS;
  return new Date(today * DAY_MS + timeOfDay).toUTCString();
}
