import type { Queue } from 'bullmq';
import type { OutputWriter } from '../../runner/manifest/index.js';
import type { RatesFileEntry } from '../../runner/manifest/index.js';
import type { RunConfig } from '../../runner/config/index.js';
import { sha256 } from '../../runner/manifest/index.js';
import { isPartnerFile } from '../../runner/manifest/index.js';
import { JOB_FORMAT, type QueueJobData, type RunFieldsOf } from '../job-data.js';
import { organizationJobId, partnerJobId } from '../_names.js';
import { QueueBusyError } from '../errors/queue-busy-error.js';

export interface RunSettings {
  month: string;
  outDir: string;
  baseUrl: string;
  language: string | undefined;
  withServicePdf: boolean;
  rate: number | undefined;
  /** The run's rates file, copied into the month folder; null without one. */
  rates: RatesFileEntry | null;
}

/** Attempts of a job: the first and three retries, after 2.5-5, 5-10 and 10-20 s (exponential from 5 s, jitter 50 %). */
export const JOB_ATTEMPTS = 4;
const BACKOFF = { type: 'exponential', delay: 5_000, jitter: 0.5 } as const;
const ADD_BATCH = 500;

export interface PlannedJob {
  id: string;
  /** The dashboard's job name: the organization id, or `partner workbook`. */
  name: string;
  data: QueueJobData;
}

function runFields(s: RunSettings): RunFieldsOf {
  const fields = { format: JOB_FORMAT, month: s.month, out_dir: s.outDir, base_url: s.baseUrl, language: s.language ?? null, with_service_pdf: s.withServicePdf, rate: s.rate ?? null, rates: s.rates } as const;
  return { ...fields, run: sha256(JSON.stringify(fields)).slice(0, 16) };
}

/** One job per organization, in config order, then the partner workbook's when configured. */
export function planJobs(config: RunConfig, folders: string[], writer: OutputWriter, s: RunSettings): PlannedJob[] {
  const common = runFields(s);
  const jobs: PlannedJob[] = config.organizations.map((org, i) => ({
    id: organizationJobId(s.month, org.org_id),
    name: org.org_id,
    data: { kind: 'organization', ...common, org, folder: folders[i]!, previous: writer.previousUnder(folders[i]!) },
  }));
  if (config.partner) {
    const previous = [...writer.previousFiles()].filter(isPartnerFile);
    jobs.push({ id: partnerJobId(s.month), name: 'partner workbook', data: { kind: 'partner', ...common, partner: config.partner, previous } });
  }
  return jobs;
}

/** Counts of every job the queue holds, whatever its state. */
export async function jobsInQueue(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts();
  return Object.values(counts).reduce((n, c) => n + c, 0);
}

/**
 * Refuses to add to a queue holding an unfinished run with other settings. A run is told by
 * the hash of its settings, which each job carries; the first job found is compared.
 */
export async function checkSameRun(queue: Queue, jobs: PlannedJob[]): Promise<void> {
  const mine = jobs[0]!.data;
  for (const planned of jobs.slice(0, 50)) {
    const job = await queue.getJob(planned.id);
    if (!job) continue;
    const theirs = job.data as Partial<QueueJobData>;
    if (theirs.run === mine.run) return;
    const keys = ['out_dir', 'base_url', 'language', 'with_service_pdf', 'rate', 'rates', 'format'] as const;
    const differ = keys.filter((k) => JSON.stringify(theirs[k]) !== JSON.stringify(mine[k]));
    throw new QueueBusyError(queue.name, differ.length ? `${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'}` : 'another run');
  }
  // None of our ids is there: the jobs are another config's (other organizations).
  throw new QueueBusyError(queue.name, 'other organizations');
}

/**
 * Adds the run's jobs. A job id that is already in the queue is left as it is (BullMQ adds
 * nothing for a known id), so a coordinator restarted mid-run picks up the same jobs.
 */
export async function addJobs(queue: Queue, jobs: PlannedJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += ADD_BATCH) {
    await queue.addBulk(jobs.slice(i, i + ADD_BATCH).map((j) => ({
      name: j.name,
      data: j.data,
      opts: { jobId: j.id, attempts: JOB_ATTEMPTS, backoff: BACKOFF, stackTraceLimit: 0 },
    })));
  }
}
