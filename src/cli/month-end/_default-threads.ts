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
 * none for a small run or on a machine of one or two cores, else one fewer than the cores (the
 * main thread keeps the progress, manifest, checkpoints and pages), at most four. On the 2-core
 * build machine (bench/README.md, "Threads and concurrency") one worker thread used the same CPU
 * as none, was not measurably faster beside the other load and the reference server, and took the
 * run's peak RSS from about 150 to 224 MB at 1,000 organizations; two took it past 240 MB.
 */
export function defaultThreads(organizations: number, cores = availableParallelism()): number {
  if (organizations < THREADS_FROM_ORGANIZATIONS || cores < 3) return 0;
  return Math.min(cores - 1, MOST_BY_DEFAULT);
}
