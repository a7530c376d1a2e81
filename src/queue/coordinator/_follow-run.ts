import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunConfig } from '../../runner/config/index.js';
import type { Manifest, OrgOutcome, PartOutcome } from '../../runner/manifest/index.js';
import type { MonthEndProgress } from '../../runner/run/index.js';
// From their own modules, not the runner's index: that one brings the renderers (runUnit),
// which a coordinator never uses.
import { MonthRun } from '../../runner/run/index.js';
import { makeMonthFolder } from '../../runner/run/index.js';
import { keepRatesFile, type RatesFile } from '../../runner/config/index.js';
import { fetchResults } from './_collect.js';
import type { QueueConnection } from '../_connection.js';
import { addJobs, checkSameRun, jobsInQueue, planJobs } from './_enqueue.js';
import type { JobProgressData, QueueJobResult } from '../job-data.js';
import { bullmq } from '../_peers.js';
import { whenReady, withinMs } from '../_ready.js';
import { watchRedis, type RedisWatch } from '../_redis-watch.js';
import type { QueueRunOptions } from './run-on-queue.js';
import { now } from '../../core/index.js';

const POLL_MS = 1000;
// Every this many polls the finished jobs whose events were missed are fetched (display only).
const SWEEP_EVERY = 10;

/** What runMonthEndOnQueue settled before Redis answered. */
export interface FollowContext {
  connection: QueueConnection;
  waitMs: number;
  /** The queue's name. */
  name: string;
  month: string;
  env: Record<string, string | undefined>;
  /** The run's rates file (`--rates`), read and checked; copied into the month folder for the workers. */
  ratesFile: RatesFile | undefined;
}

/**
 * The part of runMonthEndOnQueue after Redis has answered its PING (options checked, config
 * parsed): locks the month folder, enqueues, follows the jobs and writes the manifest.
 */
export async function followRun(config: RunConfig, options: QueueRunOptions, { connection, waitMs, name, month, env, ratesFile }: FollowContext): Promise<Manifest> {
  const { Queue, QueueEvents } = bullmq();
  const startedAt = now();
  const startedTick = performance.now();
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
    await keepRatesFile(writer, ratesFile);
    const folders = run.folders;
    const jobs = planJobs(config, folders, writer, {
      month, outDir: options.outDir, baseUrl: config.base_url, language: options.language, withServicePdf: options.withServicePdf ?? false, rate: options.rate, rates: ratesFile?.entry ?? null,
    });
    // A queue with jobs in it is this run, restarted (or another, refused); a fresh run first clears temp files of killed ones.
    if ((await redis(jobsInQueue(queue))) > 0) await redis(checkSameRun(queue, jobs));
    else await run.removeStaleTempFiles();

    const orgJobs = new Set(jobs.filter((j) => j.data.kind === 'organization').map((j) => j.id));
    const ours = new Set(jobs.map((j) => j.id));
    const progress: MonthEndProgress = { event: 'start', organizations_total: config.organizations.length, organizations_done: 0, documents: 0, errors: 0, elapsed_ms: 0 };
    const report = (event: MonthEndProgress['event'], organization?: OrgOutcome) => {
      progress.elapsed_ms = Math.round(performance.now() - startedTick);
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
    // Declared above: a handler never reads a name before its declaration, whenever the event comes.
    events.on('completed', ({ jobId }) => void (following && collect([jobId])));
    events.on('failed', ({ jobId }) => void (following && collect([jobId])));

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
      options: { concurrency: 0, language: options.language ?? null, with_service_pdf: options.withServicePdf ?? false, queue: { name, rate: options.rate ?? null }, rates: ratesFile?.entry ?? null },
      summaryLanguage: options.language ?? (await import('../../runner/pages/index.js')).runLanguage(organizations),
      creditNoteDate: options.creditNoteDate,
    });
    // Redis gone: the manifest of what was done is written; the run ends with the reason.
    if (watch.error) throw watch.error;
    // The run is recorded: its jobs go, so the month's next run adds (and runs) them anew.
    if (!interrupted) await redis(queue.obliterate({ force: true }));
    return manifest;
  } finally {
    const gone = watch?.error !== undefined;
    watch?.stop();
    // A lost connection is dropped, not waited on: closing (and BullMQ's disconnect) waits for
    // Redis to come back. close() is still called, not awaited: it marks the object closing, which
    // ends QueueEvents' read loop (without it the loop retried every 5 s for ever on the dropped
    // connection, and the process never exited, even once a silent Redis answered again).
    const end = async (c: { close(): Promise<void>; backend: { client: Promise<{ disconnect(): void }> } }) => {
      if (!gone) return c.close().catch(() => {});
      void c.close().catch(() => {});
      (await withinMs(c.backend.client, 1000, () => new Error('no client')).catch(() => undefined))?.disconnect();
    };
    await end(events);
    await end(queue);
    await run.release();
  }
}

