import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { createDefaultDeps } from '../runner/default-deps.js';
import { parseQueueUrl, redisOptions } from './_connection.js';
import type { JobResult } from './_job-data.js';
import { queueName } from './_names.js';
import { jobProcessor, type AttemptReport } from './_process-job.js';
import { whenReady } from './_ready.js';
import { RequestGate, type GateRedis } from './_request-gate.js';
import { OutputFolderMissingError } from './output-folder-missing-error.js';
import { checkMonthOption, checkOptionKinds, checkWholeOption } from '../runner/_check-options.js';

export interface QueueWorkerOptions {
  /** `redis://HOST:PORT[/DB]`. */
  queue: string;
  /** The month whose queue to work on (`YYYY-MM`). */
  month: string;
  /** Jobs (organizations) at once in this process; default 4. */
  concurrency?: number;
  /** The shared output folder's path here, when it differs from the coordinator's. */
  outDir?: string;
  /**
   * Seconds a job's lock lasts without renewal: a worker that dies holding a job has it taken
   * over by another after about this long (BullMQ's lockDuration and stalledInterval). Default 30.
   */
  lockSeconds?: number;
  /** Where the token variables named by the jobs are read; default process.env. */
  env?: Record<string, string | undefined>;
  /** One call per ended attempt, for a log. */
  onAttempt?: (r: AttemptReport) => void;
  /** Redis or worker errors that do not end the worker (a lost connection being retried). */
  onError?: (message: string) => void;
}

export interface QueueWorker {
  /** The queue worked on. */
  readonly name: string;
  /** Stops taking jobs, finishes the ones in hand, closes connections. */
  close(): Promise<void>;
  /** Settles when the worker has closed; rejects when it had to stop (the output folder is missing here). */
  readonly stopped: Promise<void>;
}

export const DEFAULT_WORKER_CONCURRENCY = 4;

/**
 * A worker of the month-end queue (`svc worker`): takes organizations' jobs from the month's
 * queue and runs each with the runner's per-organization work, on any machine that sees the
 * shared output folder. BullMQ brings the reliability: retries with backoff, jobs of a dead
 * worker taken over after the lock lapses, the lock renewed while a job runs.
 */
export async function startQueueWorker(o: QueueWorkerOptions): Promise<QueueWorker> {
  checkOptionKinds(o, { queue: 'string', month: 'string', outDir: 'string', env: 'object', onAttempt: 'function', onError: 'function' }, ['queue', 'month']);
  checkMonthOption(o.month);
  checkWholeOption(o.concurrency, 'concurrency', 1, 64);
  checkWholeOption(o.lockSeconds, 'lockSeconds', 2, 3600);
  const env = o.env ?? process.env;
  const connection = parseQueueUrl(o.queue, env);
  const name = queueName(o.month);
  const { Worker, UnrecoverableError } = await import('bullmq');
  const { Redis } = await import('ioredis');
  let gateRedis: GateRedis | undefined;
  const gate = new RequestGate(() => (gateRedis ??= new Redis(connection.options.url, redisOptions(connection))), `bull:${name}:svc-request-rate`);
  const own = createDefaultDeps({ intercept: gate.intercept });
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const lockMs = (o.lockSeconds ?? 30) * 1000;
  let stop: (e?: Error) => void = () => {};
  const stopped = new Promise<void>((resolve, reject) => { stop = (e) => (e ? reject(e) : resolve()); });
  stopped.catch(() => {});
  const processor = jobProcessor(
    { deps: own.deps, env, outDir: o.outDir, gate, signal: controller.signal, Unrecoverable: UnrecoverableError },
    (r) => o.onAttempt?.(r),
  );
  const worker = new Worker<unknown, JobResult>(name, processor, {
    connection: connection.options,
    // Shown in dashboards as the job's `processedBy`: which machine and process has it.
    name: `svc worker ${hostname()} ${process.pid}`,
    concurrency: o.concurrency ?? DEFAULT_WORKER_CONCURRENCY,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A job that stalls a third time (its worker died thrice) fails rather than circling.
    maxStalledCount: 2,
    autorun: false,
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= (async () => {
    await worker.close();
    await own.close();
    await gateRedis?.quit().catch(() => {});
  })());
  worker.on('error', (e) => o.onError?.(e.message));
  worker.on('failed', (_job, e) => {
    // A worker that cannot see the output folder would fail every job it takes: it stops instead.
    if (e instanceof OutputFolderMissingError) void close().then(() => stop(e), () => stop(e));
  });
  try {
    await whenReady(worker, connection.where);
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
  void worker.run().catch((e: Error) => o.onError?.(e.message));
  return {
    name,
    close: () => close().then(() => stop()),
    stopped,
  };
}
