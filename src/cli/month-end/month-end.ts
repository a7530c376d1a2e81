import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command, CommandIO, ParsedArgs } from '../_program/command.js';
import { bool, int, monthFlag, str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { setRunV8Flags } from '../_program/run-v8-flags.js';
import { availableLanguages, getLocale } from '../../locale/index.js';
import { RUN_STATUSES, statusWord } from '../../runner/status/index.js';
import { parseRunConfigJson } from '../../runner/config/index.js';
import { RunConfigError } from '../../runner/config/index.js';
import { RunOptionError } from '../../runner/options/index.js';
import { progressReporter } from '../../runner/progress/index.js';
import { previousMonth } from '../../runner/options/index.js';
import type { Manifest } from '../../runner/manifest/index.js';
import type { RunConfig } from '../../runner/config/index.js';
import { timeoutOption } from '../_program/timeout.js';
import { checkOutputFolder } from '../_output/output-file.js';
import { TIMEOUT_RULE, timeoutMsFromSeconds, timeoutSetting } from '../../client/timeout/index.js';
import { jsonText } from '../_output/json-text.js';
import { now } from '../../core/index.js';
import { plainText } from '../_output/sanitize.js';
import { isoDate } from '../../model/primitives/index.js';
import { systemReason } from '../../core/index.js';
import { availableParallelism } from 'node:os';
import { defaultThreads, THREADS_FROM_ORGANIZATIONS } from './_default-threads.js';
import { DEFAULT_CONCURRENCY } from '../../runner/options/index.js';

export interface MonthEndRunInput {
  config: RunConfig;
  outDir: string;
  month?: string | undefined;
  concurrency?: number | undefined;
  language?: string | undefined;
  withServicePdf: boolean;
  json: boolean;
  threads?: number | undefined;
  env: Record<string, string | undefined>;
  /** `--queue URL [--rate N]`: organizations as jobs on BullMQ workers instead of in this process. */
  queue?: { url: string; rate?: number | undefined };
  /** Deadline of each request (--timeout / SVC_TIMEOUT); the client's default when omitted. */
  timeoutMs?: number | undefined;
  /** `--rates FILE`: the rates file (absolute path) for invoices not in DKK without a rate of their own. */
  rates?: string | undefined;
  /** `--deadline SECONDS`: the whole run stops this long after it started, as on Ctrl-C, and ends with exit 1. */
  deadlineMs?: number | undefined;
  /** `--credit-note-date`: the date of the credit notes the run makes or names (default: the day it starts). */
  creditNoteDate?: string | undefined;
}

/** The run's credit notes that could not be made (`failed`: an issued one whose PDF is gone, a rendering error). */
function failedCreditNotes(m: Manifest): number {
  let n = 0;
  for (const o of m.organizations) for (const i of o.invoices) if (i.credit_note?.status === 'failed') n++;
  return n;
}

/**
 * Exit code of a finished run: 130 interrupted, 1 an organization (or the partner workbook) or a
 * credit note failed (a rerun retries it, once its cause is gone: the summary says why), 3 nothing
 * failed but an invoice is held back (checkInvoice finds an error in it: a person must have it
 * credited and reissued; a rerun changes nothing), else 0.
 */
export function exitCodeOf(m: Manifest): number {
  if (m.interrupted) return 130;
  if (m.summary.failed > 0 || m.partner?.status === 'failed' || failedCreditNotes(m) > 0) return 1;
  return (m.summary.held_back ?? 0) > 0 ? 3 : 0;
}

/**
 * Runs the month end with a progress display on stderr and Ctrl-C / SIGTERM turned into an
 * orderly stop (in-flight writes finish, the manifest of what is done is written); shared by
 * `svc month-end` and `svc demo`.
 */
export async function runWithProgress(io: CommandIO, input: MonthEndRunInput): Promise<{ manifest: Manifest; code: number }> {
  setRunV8Flags(io, 'month-end');
  const controller = new AbortController();
  let signals = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    signals++;
    if (signals === 1) {
      const what = input.queue ? 'the workers go on; writing the manifest of what is done (run the same command again to follow on)' : 'finishing the files being written, then the manifest';
      io.stderr.write(`\nsvc: ${sig}: stopping; ${what} (again: quit now)\n`);
      controller.abort(new Error(`interrupted by ${sig}`));
    } else {
      io.stderr.write('\n'); // end the progress bar's line
      process.exit(130); // every write is atomic, so quitting now leaves no partial file
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The run's own bound: a persistent 429 with Retry-After 60 would otherwise take hours for a large run.
  let deadlinePassed = false;
  const deadline = input.deadlineMs === undefined ? undefined : setTimeout(() => {
    deadlinePassed = true;
    controller.abort(new Error('the run\'s deadline passed'));
  }, input.deadlineMs);
  const progress = progressReporter(io.stderr);
  // In this process: say how it runs (the default depends on the run's size and the machine's
  // cores), once the run has started: a run refused at the start says only why.
  const threads = input.queue ? undefined : (input.threads ?? defaultThreads(input.config.organizations.length));
  const onProgress: typeof progress.onProgress = (p) => {
    if (p.event === 'start' && !input.queue) io.stderr.write(`${howItRuns(input, threads!)}\n`);
    progress.onProgress(p);
  };
  try {
    const common = {
      outDir: input.outDir, month: input.month, language: input.language, withServicePdf: input.withServicePdf, env: input.env, signal: controller.signal, onProgress,
      creditNoteDate: input.creditNoteDate,
      ...(input.timeoutMs !== undefined ? { client: { timeoutMs: input.timeoutMs } } : {}),
      ...(input.rates !== undefined ? { rates: input.rates } : {}),
    };
    const manifest = input.queue
      // BullMQ and Redis's client load only for a run on a queue.
      ? await (await import('../../queue/coordinator/index.js')).runMonthEndOnQueue(input.config, {
        ...common, queue: input.queue.url, rate: input.queue.rate, onNotice: (line) => io.stderr.write(`\nsvc: ${line}\n`),
        onConnected: (where, queue) => io.stderr.write(queueHint(where, queue, input.month)),
      })
      // The runner itself loads here: a run on a queue loads it only once Redis has answered.
      : await (await import('../../runner/run/index.js')).runMonthEnd(input.config, { ...common, concurrency: input.concurrency, threads });
    progress.done(); // end the bar's line before anything else is printed
    const monthDir = join(input.outDir, manifest.month);
    // The partner workbook has no progress line of its own: its failure gets the one line on stderr every failed command has.
    if (manifest.partner?.status === 'failed') io.stderr.write(`svc: the partner workbook failed: ${plainText(manifest.partner.reason ?? 'no reason given')}; a rerun retries it\n`);
    if (input.json) {
      const orgs = manifest.organizations.map(({ org_id, status, error, parts }) => ({ org_id, status, ...(error ? { error } : {}), parts }));
      io.stdout.write(jsonText({ manifest: join(monthDir, 'manifest.json'), summary_md: join(monthDir, 'summary.md'), index_html: join(monthDir, 'index.html'), summary: manifest.summary, organizations: orgs, partner: manifest.partner }));
    }
    if (deadlinePassed && manifest.interrupted) {
      io.stderr.write(`svc: the run's deadline (--deadline ${input.deadlineMs! / 1000}) passed; the manifest of what was done is written: run the same command again to finish (files already written are checked and skipped)\n`);
      return { manifest, code: 1 };
    }
    return { manifest, code: exitCodeOf(manifest) };
  } finally {
    clearTimeout(deadline);
    progress.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** What a person needs after a run: the counts and where the manifest and summary are. */
export function describeResult(m: Manifest, monthDir: string): string {
  const s = m.summary;
  const creditNotesFailed = failedCreditNotes(m);
  // The same words as summary.md and index.html (in English): ok and failed always, the others when any.
  const en = getLocale('en');
  const count = { ok: s.ok, partly_skipped: s.partly_skipped, skipped: s.skipped, failed: s.failed, interrupted: s.interrupted_orgs, not_run: s.not_run };
  const statuses = RUN_STATUSES.filter((k) => k === 'ok' || k === 'failed' || count[k]).map((k) => `${count[k]} ${statusWord(k, en)}`);
  return [
    `${s.organizations} organizations: ${statuses.join(', ')}`,
    `${s.files} files: ${s.written} written, ${s.rewritten} rewritten, ${s.unchanged} unchanged${s.kept ? `, ${s.kept} kept from earlier runs` : ''}`,
    `Manifest: ${join(monthDir, 'manifest.json')}`,
    `Summary:  ${join(monthDir, 'summary.md')}`,
    `Page:     ${join(monthDir, 'index.html')} (open it in a browser first)`,
    `Books:    ${join(monthDir, 'books', 'journal.csv')} and vat-return.json (the draft VAT return)`,
    ...(m.interrupted ? ['Interrupted: run the same command again to finish; files already written are checked and skipped.'] : []),
    ...(s.failed > 0 ? ['Failed organizations and why are in the summary; a rerun retries them and skips what is done.'] : []),
    ...(m.partner?.status === 'failed' ? ['The partner workbook failed (why is in the summary); a rerun retries it.'] : []),
    ...(creditNotesFailed ? [`${creditNotesFailed === 1 ? '1 credit note' : `${creditNotesFailed} credit notes`} could not be made (why is in the summary); a rerun makes ${creditNotesFailed === 1 ? 'it' : 'them'} once the cause is gone.`] : []),
    ...(s.held_back ? [`${s.held_back === 1 ? '1 invoice is' : `${s.held_back} invoices are`} held back: checkInvoice finds an error, so ${s.held_back === 1 ? 'its PDF is' : 'their PDFs are'} marked NOT VALID and no total counts ${s.held_back === 1 ? 'it' : 'them'}; each needs a credit note and a new invoice (see the summary).`] : []),
    ...(s.credit_notes_to_make ? [`${s.credit_notes_to_make === 1 ? '1 void or held-back invoice needs its' : `${s.credit_notes_to_make} void or held-back invoices need their`} credit note: the summary names the command for each (or set credit_notes in the run config).`] : []),
  ].join('\n') + '\n';
}

/** Where the jobs go and the command that works them, once Redis has answered (the URL without password). */
function queueHint(where: string, queue: string, month: string | undefined): string {
  return `svc: organizations go to queue ${queue} at ${where}; workers: svc worker --queue ${where} --month ${month ?? previousMonth(now())}\n`;
}

/** `--language`, checked against the installed locales (shared by `svc month-end` and `svc demo`). */
export function languageArg(args: ParsedArgs): string | undefined {
  const language = str(args, 'language');
  if (language !== undefined && !availableLanguages().includes(language)) throw new UsageError(`--language must be one of ${availableLanguages().join(', ')} (got "${language}")`);
  return language;
}

async function readConfig(path: string, cwd: string): Promise<RunConfig> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`--config: cannot read ${path}: ${systemReason(e as NodeJS.ErrnoException)}${code ? ` (${code})` : ''}`);
  }
  return parseRunConfigJson(text, path);
}

/** One line: how many organizations, how many at once, on which threads, and whose choice that was. */
function howItRuns(input: MonthEndRunInput, threads: number): string {
  const n = input.config.organizations.length;
  const at = input.concurrency ?? DEFAULT_CONCURRENCY;
  const where = threads === 0 ? 'on the main thread' : `on ${threads} worker thread${threads === 1 ? '' : 's'}`;
  const why = input.threads !== undefined ? '--threads' : `the default for ${n} organization${n === 1 ? '' : 's'} on ${availableParallelism()} core${availableParallelism() === 1 ? '' : 's'}`;
  return `svc: ${n} organization${n === 1 ? '' : 's'}, ${at} at once ${where} (${why}; --threads N and --concurrency N change it)`;
}

export const monthEndCommand: Command = {
  name: 'month-end',
  summary: "Month-end batch: every organization's invoices (JSON, PDF, e-invoice XML), cost workbook, books, manifest, summary and index.html",
  usage: 'month-end --config runs.json --out DIR [--month YYYY-MM] [--rates FILE] [--concurrency N] [--threads N] [--queue redis://HOST:PORT] [--rate N] [--language da|en] [--with-service-pdf] [--credit-note-date YYYY-MM-DD] [--deadline SECONDS] [--json]',
  examples: [
    'svc month-end --config runs.json --out ./month-end',
    'svc month-end --month 2026-10 --config runs.json --out ./month-end --concurrency 8 --json',
    'svc month-end --month 2026-10 --config runs.json --out ./month-end --rates eurofxref-hist.csv',
    'svc month-end --month 2026-10 --config runs.json --out /shared/month-end --queue redis://queue-host:6379 --rate 50',
  ],
  options: {
    month: { type: 'string', valueName: 'YYYY-MM', description: 'the month to run (default: the previous calendar month, UTC)' },
    config: { type: 'string', valueName: 'FILE', description: 'run config: base URL, organizations, token variable names (format: src/runner/README.md, "A real run", in the installed svc-reporting package)' },
    out: { type: 'string', valueName: 'DIR', description: 'output folder; files go to DIR/<month>/' },
    rates: { type: 'string', valueName: 'FILE', description: "exchange rates for invoices not in DKK without a rate of their own: the ECB's eurofxref-hist.csv, or Danmarks Nationalbank's daily rates (XML or Statbank CSV); the rate published on the day the invoice's VAT became chargeable" },
    concurrency: { type: 'string', valueName: 'N', description: 'organizations at once (default 4)' },
    language: { type: 'string', valueName: 'LANG', description: `language of every document (${availableLanguages().join('|')}); default per organization` },
    'with-service-pdf': { type: 'boolean', description: "also save the service's own PDF of each invoice" },
    threads: { type: 'string', valueName: 'N', description: `worker threads running organizations (default: none below ${THREADS_FROM_ORGANIZATIONS} organizations or on 2 cores or fewer, else one fewer than the cores, at most 4; the run prints its choice)` },
    queue: { type: 'string', valueName: 'URL', description: 'put organizations on the BullMQ queue in this Redis for `svc worker` processes (guide: src/queue/README.md in the installed svc-reporting package)' },
    rate: { type: 'string', valueName: 'N', description: 'with --queue: at most N requests per second to the reporting API, all workers together' },
    json: { type: 'boolean', description: 'print the manifest summary as JSON on stdout' },
    deadline: { type: 'string', valueName: 'SECONDS', description: 'stop the whole run after SECONDS (as Ctrl-C does: the manifest of what is done is written), exit 1' },
    'credit-note-date': { type: 'string', valueName: 'YYYY-MM-DD', description: 'date of the credit notes the run makes (config credit_notes) or names for void and held-back invoices (default: today, UTC)' },
    ...timeoutOption,
  },
  async run(io, args) {
    const configPath = str(args, 'config');
    const out = str(args, 'out');
    if (!configPath) throw new UsageError('--config is required');
    if (!out) throw new UsageError('--out is required');
    const month = monthFlag(args);
    const language = languageArg(args);
    const concurrency = int(args, 'concurrency', 1, 64);
    const threads = int(args, 'threads', 0, 16);
    const queueUrl = str(args, 'queue');
    const ratesPath = str(args, 'rates');
    if (ratesPath === '') throw new UsageError('--rates needs a file');
    const rate = int(args, 'rate', 1, 100_000);
    if (rate !== undefined && !queueUrl) throw new UsageError('--rate needs --queue (a run in one process has no shared rate)');
    if (queueUrl && (threads !== undefined || concurrency !== undefined)) throw new UsageError(`--${threads !== undefined ? 'threads' : 'concurrency'} does not go with --queue: each worker has its own (svc worker --concurrency N)`);
    const timeoutMs = timeoutSetting(undefined, io.env);
    const creditNoteDate = str(args, 'credit-note-date');
    if (creditNoteDate !== undefined && !isoDate.safeParse(creditNoteDate).success) throw new UsageError(`--credit-note-date: expected a date YYYY-MM-DD (got "${plainText(creditNoteDate)}")`);
    const deadlineText = str(args, 'deadline');
    const deadlineMs = deadlineText === undefined ? undefined : timeoutMsFromSeconds(deadlineText);
    if (deadlineText !== undefined && deadlineMs === undefined) throw new UsageError(`--deadline must be ${TIMEOUT_RULE} (got "${deadlineText}")`);
    try {
      const config = await readConfig(configPath, io.cwd);
      const outDir = await checkOutputFolder('--out', out, io.cwd);
      const { manifest, code } = await runWithProgress(io, {
        config, outDir, month, concurrency, language, withServicePdf: bool(args, 'with-service-pdf'), json: bool(args, 'json'), threads, env: io.env, timeoutMs, deadlineMs, creditNoteDate,
        ...(ratesPath !== undefined ? { rates: resolve(io.cwd, ratesPath) } : {}),
        ...(queueUrl ? { queue: { url: queueUrl, rate } } : {}),
      });
      if (!bool(args, 'json')) io.stdout.write(describeResult(manifest, join(outDir, manifest.month)));
      return code;
    } catch (e) {
      if (e instanceof RunOptionError && e.option === 'rates') throw new UsageError(`--rates: ${e.reason}`);
      if ((e as Error)?.name === 'QueueUrlError') throw new UsageError(`--${(e as Error).message}`);
      if (e instanceof RunConfigError || e instanceof RunOptionError) throw new UsageError((e as Error).message);
      throw e;
    }
  },
};
