import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ratesOfRun } from '../../runner/config/index.js';
import { hostname } from 'node:os';
import type { Job } from 'bullmq';
import { runUnit, type MonthEndDeps } from '../../runner/unit/index.js';
import { type ManifestFile } from '../../runner/manifest/index.js';
import { JobDataSchema, type QueueJobData, type JobProgressData, type QueueJobResult } from '../job-data.js';
import type { RequestGate } from './_request-gate.js';
import type { AttemptReport } from '../attempt-report.js';
import { isTransientFailure } from './_retry-decision.js';
import { OutputFolderMissingError } from '../errors/common/output-folder-missing-error.js';

export interface ProcessorContext {
  deps: MonthEndDeps;
  /** Where this worker reads the token variables the jobs name. */
  env: Record<string, string | undefined>;
  /** The shared output folder's path on this machine, when not the coordinator's. */
  outDir: string | undefined;
  gate: RequestGate;
  /** Aborted when the worker is made to quit at once; a job stopped so is retried elsewhere. */
  signal: AbortSignal;
  /** BullMQ's own error for a failure never to retry (from the same module instance the worker checks). */
  Unrecoverable: new (message: string) => Error;
}

function parseData(job: Job, Unrecoverable: ProcessorContext['Unrecoverable']): QueueJobData {
  const parsed = JobDataSchema.safeParse(job.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Unrecoverable(`job ${job.id} is not a month-end job this svc can run (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`);
  }
  return parsed.data;
}

/**
 * The BullMQ processor of a month-end job: the runner's own per-organization work (or the
 * partner workbook), writing into the shared month folder through its own OutputWriter, exactly
 * as a run in one process does. The token is read from this worker's environment by the name the
 * job carries, and scrubbed from everything that goes back to Redis. A failure worth retrying is
 * thrown (BullMQ retries it with backoff); a final one is thrown as UnrecoverableError; either
 * way the attempt's outcome and files are left as the job's progress for the coordinator
 * (a completed job has them as its return value).
 */
export function jobProcessor(ctx: ProcessorContext, report: (r: AttemptReport) => void) {
  return async (job: Job): Promise<QueueJobResult> => {
    let data: QueueJobData | undefined;
    try {
      data = parseData(job, ctx.Unrecoverable);
    } catch (e) {
      report({ job, data, result: undefined, verdict: 'final', reason: (e as Error).message });
      throw e;
    }
    const monthDir = join(ctx.outDir ?? data.out_dir, data.month);
    if (!existsSync(monthDir)) throw new OutputFolderMissingError(monthDir);
    ctx.gate.setRate(data.rate);
    const tokenEnv = data.kind === 'organization' ? data.org.token_env : data.partner.token_env;
    let documents = 0;
    const onFile = () => {
      documents++;
      job.updateProgress({ documents } satisfies JobProgressData).catch(() => {});
    };
    const unit = data.kind === 'organization'
      ? { kind: 'organization' as const, org: data.org, folder: data.folder, withServicePdf: data.with_service_pdf }
      : { kind: 'partner' as const, partner: data.partner };
    const rates = data.rates ? await ratesOfRun(monthDir, data.rates) : undefined;
    const result: QueueJobResult = await runUnit(unit, {
      monthDir, month: data.month, baseUrl: data.base_url, language: data.language ?? undefined, previous: data.previous as ManifestFile[],
      env: ctx.env, deps: ctx.deps, signal: ctx.signal, onFile, rates,
    });
    const outcome = result.outcome;
    const failed = outcome.status === 'failed' || outcome.status === 'interrupted';
    if (!failed) {
      report({ job, data, result, verdict: 'done' });
      return result;
    }
    const tokenMissing = !ctx.env[tokenEnv];
    // Which worker lacks the variable goes into the outcome itself: the manifest, summary.md and index.html read it there.
    if (tokenMissing) {
      const where = ` on worker ${hostname()} (process ${process.pid})`;
      if ('part' in result.outcome) result.outcome.reason = `${result.outcome.reason ?? 'failed'}${where}`;
      else result.outcome.error = `${result.outcome.error ?? 'failed'}${where}`;
    }
    // A failed job keeps no return value: its outcome and files stay as its progress (one copy in Redis).
    await job.updateProgress({ documents, result } satisfies JobProgressData);
    const reason = 'part' in result.outcome ? result.outcome.reason ?? 'failed' : result.outcome.error ?? 'interrupted';
    if (tokenMissing || !isTransientFailure(outcome)) {
      const why = reason;
      report({ job, data, result, verdict: 'final', reason: why });
      throw new ctx.Unrecoverable(why);
    }
    report({ job, data, result, verdict: 'retry', reason });
    throw new Error(reason);
  };
}
