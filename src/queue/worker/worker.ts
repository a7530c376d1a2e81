import { setMaxListeners } from 'node:events';
import type { Job } from 'bullmq';
import { hostname } from 'node:os';
import { parseQueueUrl, redisOptions } from '../_connection.js';
import type { QueueJobResult } from '../job-data.js';
import { queueName } from '../_names.js';
import type { AttemptReport } from '../attempt-report.js';
import { bullmq, ioredis, loadQueuePeers } from '../_peers.js';
import { CONNECT_WAIT_MS, probeRedis, whenReady, withinMs } from '../_ready.js';
import { watchRedis, type RedisWatch } from '../_redis-watch.js';
import { timeoutSetting } from '../../client/timeout/index.js';
import { RequestGate, type GateRedis } from './_request-gate.js';
import { OutputFolderMissingError } from '../errors/common/output-folder-missing-error.js';
import { checkMonthOption, checkOptionKinds, checkWholeOption } from '../../runner/option-checks/index.js';

export interface QueueWorkerOptions {
  /** `redis://HOST:PORT[/DB]`. */
  queue: string;
  /** The month whose queue to work on (`YYYY-MM`). */
  month: string;
  /** Jobs (organizations) at once in this process; default 4. */
  concurrency?: number | undefined;
  /** The shared output folder's path here, when it differs from the coordinator's. */
  outDir?: string | undefined;
  /**
   * Seconds a job's lock lasts without renewal: a worker that dies holding a job has it taken
   * over by another after about this long (BullMQ's lockDuration and stalledInterval). Default 30.
   */
  lockSeconds?: number | undefined;
  /** Where the token variables named by the jobs are read; default process.env. */
  env?: Record<string, string | undefined> | undefined;
  /** One call per ended attempt, for a log. */
  onAttempt?: ((r: AttemptReport) => void) | undefined;
  /** Redis or worker errors that do not end the worker (a lost connection being retried). */
  onError?: ((message: string) => void) | undefined;
  /**
   * How long Redis may be unreachable, at start or mid-run, before the worker gives up
   * (`stopped` rejects with a QueueUnavailableError); default SVC_TIMEOUT of `env`, else 15 s.
   */
  timeoutMs?: number | undefined;
}

export interface QueueWorker {
  /** The queue worked on. */
  readonly name: string;
  /** Stops taking jobs, finishes the ones in hand, closes connections. */
  close(): Promise<void>;
  /** Settles when the worker has closed; rejects when it had to stop (the output folder is missing here, Redis lost for the whole wait). */
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
  checkOptionKinds(o, { queue: 'string', month: 'string', outDir: 'string', env: 'object', onAttempt: 'function', onError: 'function' }, ['queue', 'month'], ['concurrency', 'lockSeconds', 'timeoutMs']);
  checkWholeOption(o.timeoutMs, 'timeoutMs', 1, 86_400_000);
  checkMonthOption(o.month);
  checkWholeOption(o.concurrency, 'concurrency', 1, 64);
  checkWholeOption(o.lockSeconds, 'lockSeconds', 2, 3600);
  const env = o.env ?? process.env;
  const connection = parseQueueUrl(o.queue, env);
  const waitMs = timeoutSetting(o.timeoutMs, env) ?? CONNECT_WAIT_MS;
  const name = queueName(o.month);
  // Redis before anything else: a dead one is one line at once (refused) or after the wait (silent).
  await loadQueuePeers();
  await probeRedis(connection, waitMs);
  const { Worker, UnrecoverableError } = bullmq();
  const { Redis } = ioredis();
  let gateRedis: GateRedis | undefined;
  const gate = new RequestGate(() => (gateRedis ??= new Redis(connection.options.url, redisOptions(connection))), `bull:${name}:svc-request-rate`);
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const lockMs = (o.lockSeconds ?? 30) * 1000;
  let stop: (e?: Error) => void = () => {};
  const stopped = new Promise<void>((resolve, reject) => { stop = (e) => (e ? reject(e) : resolve()); });
  stopped.catch(() => {});
  // The runner (renderers, fonts, schemas) loads at the first job, not before: a worker pointed at
  // a wrong or dead Redis says so without it, and a pool that idles never pays for it (an idle
  // worker to its 'working' line and stop: 0.94 -> 0.5 s of CPU; figures in README.md).
  let work: Promise<{ run: (job: Job) => Promise<QueueJobResult>; close: () => Promise<void> }> | undefined;
  const loadWork = () => (work ??= Promise.all([import('../../runner/unit/index.js'), import('./_process-job.js')]).then(([{ createDefaultDeps }, { jobProcessor }]) => {
    const own = createDefaultDeps({ intercept: gate.intercept });
    const run = jobProcessor(
      { deps: own.deps, env, outDir: o.outDir, gate, signal: controller.signal, Unrecoverable: UnrecoverableError },
      (r) => o.onAttempt?.(r),
    );
    return { run, close: () => own.close() };
  }));
  const processor = async (job: Job): Promise<QueueJobResult> => (await loadWork()).run(job);
  const worker = new Worker<unknown, QueueJobResult>(name, processor, {
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
  // Listened to at once: BullMQ prints an unheard error as a raw object on stderr.
  worker.on('error', () => {});
  let closing: Promise<void> | undefined;
  let gone = false;
  // Set once Redis has answered; closing before that has no watch to stop.
  let watch: RedisWatch | undefined = undefined;
  const close = () => (closing ??= (async () => {
    watch?.stop();
    // Redis lost: the jobs in hand cannot report, and closing politely would wait for Redis.
    if (gone) await withinMs(worker.close(true), 2000, () => new Error('close')).catch(() => worker.disconnect().catch(() => {}));
    else await worker.close();
    // Nothing to close when no job came (the runner never loaded).
    if (work) await (await work.catch(() => undefined))?.close();
    if (gone) gateRedis?.disconnect();
    else await gateRedis?.quit().catch(() => {});
  })());
  // A Redis being retried repeats its error at each attempt: said once, until it is back.
  let lastError: string | undefined;
  worker.on('error', (e) => {
    if (e.message !== lastError) o.onError?.(e.message);
    lastError = e.message;
  });
  worker.on('ready', () => { lastError = undefined; });
  worker.on('failed', (_job, e) => {
    // A worker that cannot see the output folder would fail every job it takes: it stops instead.
    if (e instanceof OutputFolderMissingError) void close().then(() => stop(e), () => stop(e));
  });
  try {
    await whenReady(worker, connection.where, waitMs);
  } catch (e) {
    gone = true;
    await close().catch(() => {});
    throw e;
  }
  watch = await watchRedis(connection, waitMs, 'the jobs in hand are taken over by another worker once Redis is back; start this worker again then');
  watch.lost.catch((e: Error) => {
    gone = true;
    void close().then(() => stop(e), () => stop(e));
  });
  void worker.run().catch((e: Error) => o.onError?.(e.message));
  return {
    name,
    close: () => close().then(() => stop()),
    stopped,
  };
}
