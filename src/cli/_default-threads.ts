import { availableParallelism } from 'node:os';

/** Below this many organizations a run stays on one thread: starting a worker costs more than it gives. */
export const THREADS_FROM_ORGANIZATIONS = 100;
/**
 * Worker threads at most by default. Each holds its own heap and builders (about 55 MB of RSS
 * measured at 300 organizations on the build machine), so more is for an operator to ask for.
 */
const MOST_BY_DEFAULT = 4;

/**
 * How many worker threads `svc month-end` runs organizations on when `--threads` is not given:
 * none for a small run, else one fewer than the machine's cores (the main thread keeps the
 * manifest, checkpoints and pages), at least one, at most four. Measured on the 2-core build
 * machine (bench/README.md, "Threads and concurrency"): one worker thread beside the main one.
 */
export function defaultThreads(organizations: number, cores = availableParallelism()): number {
  if (organizations < THREADS_FROM_ORGANIZATIONS || cores < 2) return 0;
  return Math.max(1, Math.min(cores - 1, MOST_BY_DEFAULT));
}
