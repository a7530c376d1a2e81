import { setMaxListeners } from 'node:events';
import { isAbsolute } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MonthRun, makeMonthFolder, parseRunConfig, runLanguage, previousMonth, RunOptionError,
  RUN_OPTION_KINDS, checkMonthOption, checkOptionKinds, checkWholeOption,
  type RunConfig, type Manifest, type OrgOutcome, type PartOutcome, type MonthEndOptions, type MonthEndProgress,
} from '../runner/index.js';
import { fetchResults } from './_collect.js';
import { parseQueueUrl } from './_connection.js';
import { addJobs, checkSameRun, jobsInQueue, planJobs } from './_enqueue.js';
import type { JobProgressData, QueueJobResult } from './job-data.js';
import { queueName } from './_names.js';
import { bullmq, loadQueuePeers } from './_peers.js';
import { CONNECT_WAIT_MS, probeRedis, whenReady, withinMs } from './_ready.js';
import { watchRedis, type RedisWatch } from './_redis-watch.js';
import { timeoutSetting } from '../client/timeout-setting.js';

export interface QueueRunOptions extends Omit<MonthEndOptions, 'threads' | 'deps' | 'concurrency'> {
  /** `redis://HOST:PORT[/DB]` of the queue the workers take jobs from. */
  queue: string;
  /** At most this many requests per second to the reporting API, across all workers. */
  rate?: number | undefined;
  /** Lines about the queue itself (Redis lost and being retried), for stderr. */
  onNotice?: ((line: string) => void) | undefined;
  /** Called once Redis has answered and the month folder is locked: where the jobs go (the URL without password) and the queue's name. */
  onConnected?: ((where: string, queue: string) => void) | undefined;
}

const POLL_MS = 1000;
// Every this many polls the finished jobs whose events were missed are fetched (display only).
const SWEEP_EVERY = 10;

/**
 * The month end with organizations as jobs on a BullMQ queue in Redis (`svc month-end --queue`):
 * enqueues one job per organization (and one for the partner workbook) with ids made from month
 * and organization, follows them to the end, then writes `summary.md` and `manifest.json` from
 * the jobs' results with the runner's own finishing step. `svc worker` processes do the work.
 * An abort stops following (the workers go on) and writes the manifest of what is done; running
 * the same command again follows the same jobs. A finished run's jobs are removed from Redis, so
 * the next run of the month runs everything again, skipping unchanged files by source hash.
 */
export async function runMonthEndOnQueue(config: RunConfig, options: QueueRunOptions): Promise<Manifest> {
  checkOptionKinds(options, { ...RUN_OPTION_KINDS, queue: 'string', onNotice: 'function', onConnected: 'function' }, ['outDir', 'queue']);
  config = parseRunConfig(config);
  const month = options.month ?? previousMonth(new Date());
  checkMonthOption(month);
  checkWholeOption(options.rate, 'rate', 1, 100_000);
  if (!isAbsolute(options.outDir)) throw new RunOptionError('out', 'must be an absolute path (workers on other machines use it)');
  const env = options.env ?? process.env;
  const connection = parseQueueUrl(options.queue, env);
  // The wait for Redis, at start and when lost mid-run: the run's --timeout / SVC_TIMEOUT.
  const waitMs = timeoutSetting(options.client?.timeoutMs, env) ?? CONNECT_WAIT_MS;
  const name = queueName(month);
  // Redis before anything else: a dead one is one line, with nothing printed, locked or made first.
  await loadQueuePeers();
  await probeRedis(connection, waitMs);
  const { Queue, QueueEvents } = bullmq();
  const startedAt = new Date();
  const monthDir = await makeMonthFolder(options.outDir, month);
  const run = await MonthRun.lock(monthDir, month, config, env, startedAt);
  // Errors are listened to at once: BullMQ prints an unheard one as a raw object on stderr.
  const queue = new Queue(name, { connection: connection.options });
  queue.on('error', () => {});
  const events = new QueueEvents(name, { connection: connection.options });
  events.on('error', () => {});
  const outer = options.signal ?? new AbortController().signal;
  setMaxListeners(0, outer);
  // Following stops on the caller's abort, or when Redis has been gone for the whole wait.
  const stopFollowing = new AbortController();
  setMaxListeners(0, stopFollowing.signal);
  const signal = AbortSignal.any([outer, stopFollowing.signal]);
  setMaxListeners(0, signal);
  let watch: RedisWatch | undefined;
  try {
    await whenReady(queue, connection.where, waitMs);
    await whenReady(events, connection.where, waitMs);
    watch = await watchRedis(connection, waitMs, 'the manifest of what was done is written; run the same command again once Redis is back: files already written are checked and skipped');
    watch.lost.catch(() => stopFollowing.abort());
    const redis = watch.race.bind(watch);
    options.onConnected?.(connection.where, name);
    const writer = await run.writer();
    const folders = run.folders;
    const jobs = planJobs(config, folders, writer, { month, outDir: options.outDir, baseUrl: config.base_url, language: options.language, withServicePdf: options.withServicePdf ?? false, rate: options.rate });
    // A queue with jobs in it is this run, restarted (or another, refused); a fresh run first clears temp files of killed ones.
    if ((await redis(jobsInQueue(queue))) > 0) await redis(checkSameRun(queue, jobs));
    else await run.removeStaleTempFiles();

    const orgJobs = new Set(jobs.filter((j) => j.data.kind === 'organization').map((j) => j.id));
    const ours = new Set(jobs.map((j) => j.id));
    const progress: MonthEndProgress = { event: 'start', organizations_total: config.organizations.length, organizations_done: 0, documents: 0, errors: 0, elapsed_ms: 0 };
    const report = (event: MonthEndProgress['event'], organization?: OrgOutcome) => {
      progress.elapsed_ms = Date.now() - startedAt.getTime();
      options.onProgress?.({ ...progress, event, ...(organization ? { organization } : {}) });
    };
    const checkpoint = run.checkpointer();
    const results = new Map<string, QueueJobResult>();
    const record = (id: string, r: QueueJobResult) => {
      if (results.has(id) || !ours.has(id)) return;
      results.set(id, r);
      writer.adopt(r.files);
      if (!orgJobs.has(id)) return;
      progress.organizations_done++;
      if (r.outcome.status === 'failed') progress.errors++;
      report('organization', r.outcome as OrgOutcome);
      void checkpoint.maybeWrite();
    };
    const documentsOf = new Map<string, number>();
    events.on('progress', ({ jobId, data }) => {
      const n = (data as JobProgressData | undefined)?.documents;
      if (typeof n !== 'number' || !ours.has(jobId)) return;
      for (let d = documentsOf.get(jobId) ?? 0; d < n; d++) { progress.documents++; report('file'); }
      documentsOf.set(jobId, Math.max(n, documentsOf.get(jobId) ?? 0));
    });
    events.on('completed', ({ jobId }) => void (following && collect([jobId])));
    events.on('failed', ({ jobId }) => void (following && collect([jobId])));
    // Events still arriving while the run is being finished are late news of jobs already collected.
    let following = true;
    const collect = async (ids: string[]) => {
      try {
        const found = await fetchResults(queue, ids, results);
        if (following) for (const [id, r] of found) record(id, r);
      } catch (e) {
        if (following) options.onNotice?.(`queue: ${(e as Error).message}; retrying`);
      }
    };

    report('start');
    await redis(addJobs(queue, jobs));
    const all = [...ours];
    let lost = false;
    for (let poll = 1; !signal.aborted; poll++) {
      try {
        const c = await redis(queue.getJobCounts());
        const finished = (c.completed ?? 0) + (c.failed ?? 0);
        if (finished >= jobs.length) break;
        // Redis restarted without its data, or someone removed the queue: nothing more will finish.
        if (Object.values(c).every((n) => n === 0) && results.size < jobs.length) {
          lost = true;
          options.onNotice?.(`queue: the run's jobs are gone from Redis (restarted without persistence, or the queue was removed); run the same command again: files already written are checked and skipped`);
          break;
        }
        if (poll % SWEEP_EVERY === 0 && finished > results.size) await redis(collect(all));
      } catch (e) {
        if (watch.error) break;
        options.onNotice?.(`queue: ${(e as Error).message}; retrying`);
      }
      await sleep(POLL_MS, undefined, { signal }).catch(() => {});
    }
    if (!watch.error) await redis(collect(all)).catch(() => {});
    following = false;
    await checkpoint.settle();
    const interrupted = (signal.aborted || lost) && results.size < jobs.length;
    const organizations = config.organizations.map((o, i): OrgOutcome =>
      (results.get(jobs[i]!.id)?.outcome as OrgOutcome | undefined) ?? { org_id: o.org_id, name: o.name, folder: folders[i]!, status: 'not_run', parts: [], invoices: [], cost: null },
    );
    const partnerResult = config.partner ? results.get(jobs[jobs.length - 1]!.id) : undefined;
    const partner: PartOutcome | null = config.partner
      ? (partnerResult?.outcome as PartOutcome | undefined) ?? { part: 'partner_workbook', status: 'skipped', reason: 'the run was interrupted first' }
      : null;
    // Temp files of workers killed mid-write: no worker writes for this run any more.
    if (!interrupted) await run.removeStaleTempFiles();
    const manifest = await run.finish({
      organizations, partner, interrupted,
      options: { concurrency: 0, language: options.language ?? null, with_service_pdf: options.withServicePdf ?? false, queue: { name, rate: options.rate ?? null } },
      summaryLanguage: options.language ?? runLanguage(organizations),
    });
    // Redis gone: the manifest of what was done is written; the run ends with the reason.
    if (watch.error) throw watch.error;
    // The run is recorded: its jobs go, so the month's next run adds (and runs) them anew.
    if (!interrupted) await redis(queue.obliterate({ force: true }));
    return manifest;
  } finally {
    const gone = watch?.error !== undefined;
    watch?.stop();
    // A lost connection is dropped, not closed: closing (and BullMQ's disconnect) waits for Redis to come back.
    const end = async (c: { close(): Promise<void>; backend: { client: Promise<{ disconnect(): void }> } }) => {
      if (!gone) return c.close().catch(() => {});
      (await withinMs(c.backend.client, 1000, () => new Error('no client')).catch(() => undefined))?.disconnect();
    };
    await end(events);
    await end(queue);
    await run.release();
  }
}

