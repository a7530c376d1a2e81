import type { Command } from '../_program/command.js';
import { int, monthFlag, str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { plainText as plain } from '../_output/sanitize.js';
import { checkOutputFolder } from '../_output/output-file.js';
import { setRunV8Flags } from '../_program/run-v8-flags.js';
import { previousMonth } from '../../runner/options/index.js';
import type { AttemptReport } from '../../queue/index.js';
import { now } from '../../core/index.js';

function attemptLine(r: AttemptReport): string {
  const who = r.data ? (r.data.kind === 'organization' ? r.data.org.org_id : 'partner workbook') : `job ${r.job.id}`;
  const attempt = r.job.attemptsMade + 1;
  const of = r.job.opts.attempts ?? 1;
  if (r.verdict === 'done') {
    const files = r.result?.files.length ?? 0;
    return plain(`${who}: ${r.result?.outcome.status ?? 'done'}, ${files} file${files === 1 ? '' : 's'}`);
  }
  const next = r.verdict === 'retry' && attempt < of ? `attempt ${attempt} of ${of} failed, retried later` : 'failed';
  return plain(`${who}: ${next}: ${r.reason ?? ''}`);
}

export const workerCommand: Command = {
  name: 'worker',
  summary: 'Works month-end organizations from a queue (svc month-end --queue), on any machine sharing the output folder',
  usage: 'worker --queue redis://HOST:PORT[/DB] [--month YYYY-MM] [--concurrency N] [--out DIR] [--lock-seconds N] [--timeout SECONDS]',
  examples: ['svc worker --queue redis://queue-host:6379 --month 2026-10', 'svc worker --queue redis://queue-host:6379 --concurrency 8 --out /mnt/month-end'],
  options: {
    queue: { type: 'string', valueName: 'URL', description: 'the Redis the coordinator (svc month-end --queue) put the jobs in; password in SVC_REDIS_PASSWORD' },
    month: { type: 'string', valueName: 'YYYY-MM', description: "the month whose jobs to work (default: the previous calendar month, UTC, as svc month-end's)" },
    concurrency: { type: 'string', valueName: 'N', description: 'organizations at once in this worker (default 4)' },
    out: { type: 'string', valueName: 'DIR', description: "the shared output folder's path on this machine, when not the coordinator's --out" },
    'lock-seconds': { type: 'string', valueName: 'N', description: "a job of a worker that died is taken over after about N seconds (default 30)" },
    timeout: { type: 'string', valueName: 'SECONDS', description: 'give up when Redis cannot be reached, at start or mid-run, for SECONDS (default 15, or SVC_TIMEOUT)' },
  },
  async run(io, args) {
    const url = str(args, 'queue');
    if (!url) throw new UsageError('--queue is required (the Redis URL given to svc month-end --queue)');
    const month = monthFlag(args) ?? previousMonth(now());
    const concurrency = int(args, 'concurrency', 1, 64);
    const lockSeconds = int(args, 'lock-seconds', 2, 3600);
    const out = str(args, 'out');
    const outDir = out === undefined ? undefined : await checkOutputFolder('--out', out, io.cwd);
    // The same work as svc month-end's, with the same heap settings.
    setRunV8Flags(io, 'month-end');
    // BullMQ and Redis's client load only here, for a worker.
    const { startQueueWorker } = await import('../../queue/worker/index.js');
    const log = (line: string) => io.stderr.write(`svc worker: ${line}\n`);
    let worker;
    try {
      worker = await startQueueWorker({
        queue: url, month, concurrency, lockSeconds, env: io.env, ...(outDir ? { outDir } : {}),
        onAttempt: (r) => log(attemptLine(r)),
        onError: (m) => log(`queue: ${plain(m)}`),
      });
    } catch (e) {
      if ((e as Error)?.name === 'QueueUrlError') throw new UsageError(`--${(e as Error).message}`);
      throw e;
    }
    log(`working ${worker.name} (${concurrency ?? 4} at once); Ctrl-C finishes the jobs in hand and stops`);
    let signals = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      if (++signals === 1) {
        log(`${sig}: finishing the jobs in hand, then stopping (again: quit now; those jobs go to another worker)`);
        void worker.close();
      } else {
        process.exit(130); // every write is atomic; the jobs in hand are taken over after the lock lapses
      }
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      await worker.stopped;
      log('stopped');
      return 0;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};
