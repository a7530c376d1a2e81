import type { Job, Queue } from 'bullmq';
import type { OrgOutcome, PartOutcome } from '../../runner/manifest/index.js';
import type { QueueJobData, JobProgressData, QueueJobResult } from '../job-data.js';

function isResult(v: unknown): v is QueueJobResult {
  return !!v && typeof v === 'object' && 'outcome' in v && Array.isArray((v as QueueJobResult).files);
}

function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/**
 * A finished job's result: its return value when completed; when failed, the outcome its
 * last attempt left as progress (with the files it wrote), or else a failed outcome with
 * BullMQ's reason (a job the worker could not even start, or one that stalled too often).
 */
export function resultOfJob(job: Job, state: 'completed' | 'failed'): QueueJobResult {
  if (state === 'completed') {
    const value = parsed(job.returnvalue);
    if (isResult(value)) return value;
  }
  const progress = parsed(job.progress) as JobProgressData | undefined;
  if (progress && isResult(progress.result)) return progress.result;
  const reason = job.failedReason || (state === 'completed' ? 'the job returned no result' : 'failed');
  const data = job.data as QueueJobData;
  if (data.kind === 'partner') return { outcome: { part: 'partner_workbook', status: 'failed', reason } satisfies PartOutcome, files: [] };
  const outcome: OrgOutcome = { org_id: data.org.org_id, name: data.org.name, folder: data.folder, status: 'failed', error: reason, parts: [], invoices: [], cost: null };
  return { outcome, files: [] };
}

/** Results of the given finished jobs not yet in `have`, fetched in batches. */
export async function fetchResults(queue: Queue, ids: string[], have: ReadonlyMap<string, QueueJobResult>): Promise<Map<string, QueueJobResult>> {
  const found = new Map<string, QueueJobResult>();
  const missing = ids.filter((id) => !have.has(id));
  for (let i = 0; i < missing.length; i += 100) {
    await Promise.all(missing.slice(i, i + 100).map(async (id) => {
      const job = await queue.getJob(id);
      if (!job) return;
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') found.set(id, resultOfJob(job, state));
    }));
  }
  return found;
}
