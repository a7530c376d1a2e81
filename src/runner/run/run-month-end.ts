import { RunSecrets } from '../unit/run-secrets.js';
import { DEFAULT_CONCURRENCY } from '../options/run-option-defaults.js';
import { setMaxListeners } from 'node:events';
import { makeMonthFolder } from './month-folder.js';
import { MonthRun, runPublicIds } from './month-run.js';
import { mapPool } from './_pool.js';
import { parseRunConfig, refuseTokenValues, type RunConfig } from '../config/config.js';
import { RUN_OPTION_KINDS, checkDateOption, checkMonthOption, checkOptionKinds, checkWholeOption } from '../option-checks/check-options.js';
import type { MonthEndDeps } from '../unit/deps.js';
import { isPartnerFile } from '../manifest/kept-answers.js';
import type { Manifest, OrgOutcome } from '../manifest/manifest.js';
import { previousMonth } from '../options/month.js';
import { RunOptionError } from '../options/run-option-error.js';
import { ThreadPool, threadsAvailable } from './_thread-pool.js';
import type { RunClientOptions, RunDeps } from '../unit/default-deps.js';
import { bodyLimits } from '../../client/limits/index.js';
import { now } from '../../core/index.js';
import { keepRatesFile, readRatesFile } from '../config/rates-file.js';
import type { Language } from '../../locale/index.js';

/** What the run reports as it goes (for a progress bar or log lines). */
export interface MonthEndProgress {
  event: 'start' | 'file' | 'organization';
  organizations_total: number;
  organizations_done: number;
  documents: number;
  errors: number;
  elapsed_ms: number;
  /** The organization just finished (event `organization`). */
  organization?: OrgOutcome;
}

export interface MonthEndOptions {
  /** Output folder; the run writes to `<outDir>/<month>/`. */
  outDir: string;
  /** `YYYY-MM`; the previous calendar month (UTC) when omitted. */
  month?: string | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: MonthEndProgress) => void) | undefined;
  /** Organizations processed at once; default 4. */
  concurrency?: number | undefined;
  /** Language of every document (overrides the config's per-organization language). */
  language?: Language | undefined;
  /** Also save the service's own PDF of each invoice. */
  withServicePdf?: boolean | undefined;
  /** Where the token variables named in the config are read; default process.env. */
  env?: Record<string, string | undefined> | undefined;
  /** The client, renderer and workbook builders; the package's own by default. */
  deps?: MonthEndDeps | undefined;
  /**
   * Worker threads that run whole organizations (default 0: all on the calling thread). Needs
   * the built package and the package's own deps (functions cannot cross threads). Each thread
   * loads its own renderer and workbook writer (about 60 MB).
   */
  threads?: number | undefined;
  /**
   * A rates file (its path): the ECB's euro reference rates CSV (eurofxref-hist.csv) or Danmarks
   * Nationalbank's daily rates (XML, or Statbank CSV). An invoice not in DKK without a rate of its
   * own (EUR, USD without `usd_dkk_rate`) is stated in DKK at the rate it gives for the day the
   * invoice's VAT became chargeable; without it such an invoice has no DKK, and every document
   * says so. The file is checked before anything is written and copied into the month folder.
   */
  rates?: string | undefined;
  /**
   * Settings of the package's own clients: `timeoutMs` (the deadline of each request, its whole
   * body included) and `maxResponseBytes` (body size caps per kind). Not used with custom deps.
   */
  client?: RunClientOptions | undefined;
  /**
   * The date (`YYYY-MM-DD`) of the credit notes the run makes (config `credit_notes`) or names
   * the command for, one for each void or held-back invoice; default the day the run started
   * (UTC). Not before an invoice's own date (a credit note dated earlier fails, saying so).
   */
  creditNoteDate?: string | undefined;
}

export { DEFAULT_CONCURRENCY };


/** The client settings checked once, before any organization starts (RunOptionError naming the field). */
function checkClientOptions(client: RunClientOptions | undefined): void {
  const t = client?.timeoutMs;
  if (t !== undefined && (!Number.isSafeInteger(t) || t < 1)) throw new RunOptionError('client.timeoutMs', 'must be a whole number of milliseconds, at least 1');
  bodyLimits(client?.maxResponseBytes, (field) => new RunOptionError(`client.${field}`, 'must be a whole number of bytes, at least 1'));
}

/**
 * The month end for every organization of `config`: the month's invoices (JSON as sent,
 * our PDF, optionally the service's PDF) and the cost workbook per organization, a partner
 * workbook when configured, then `summary.md`, `index.html` and `manifest.json`. One organization's failure
 * never stops the others; an abort stops taking new work and still writes the manifest of
 * what was done; a rerun skips outputs whose source is unchanged.
 * @throws RunOptionError for bad options; RunConfigError for a bad config; RunLockedError when another run holds the folder; OutputLinkError when the month folder or its manifest.json, summary.md or index.html is a symbolic link.
 */
export async function runMonthEnd(config: RunConfig, options: MonthEndOptions): Promise<Manifest> {
  checkOptionKinds(options, { ...RUN_OPTION_KINDS, deps: 'object' }, ['outDir'], ['concurrency', 'threads']);
  // A config object from a JavaScript caller is checked as a config file is (RunConfigError naming the field).
  config = parseRunConfig(config);
  const month = options.month ?? previousMonth(now());
  checkMonthOption(month);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  checkWholeOption(concurrency, 'concurrency', 1, 64);
  const threads = options.threads ?? 0;
  checkWholeOption(threads, 'threads', 0, 16);
  if (threads > 0 && options.deps) throw new RunOptionError('threads', 'must be 0 with custom deps (functions cannot cross threads)');
  if (threads > 0 && !threadsAvailable()) throw new RunOptionError('threads', 'need the built package (dist/); run from TypeScript sources with 0');
  checkClientOptions(options.client);
  checkDateOption(options.creditNoteDate, 'creditNoteDate');
  const ratesFile = options.rates === undefined ? undefined : await readRatesFile(options.rates);
  const env = options.env ?? process.env;
  refuseTokenValues(config, env);
  // One signal for every request of the run: many listeners on it are expected, not a leak.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const signal = controller.signal;
  const forward = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forward();
  else options.signal?.addEventListener('abort', forward, { once: true });
  const startedAt = now();
  const startedTick = performance.now();
  const monthDir = await makeMonthFolder(options.outDir, month);
  const run = await MonthRun.lock(monthDir, month, config, env, startedAt);
  let pool: ThreadPool | undefined;
  let own: RunDeps | undefined;
  try {
    // What makes the documents (the package's client and builders: PDF, e-invoice, workbooks; the
    // units of work; the summary) loads only once the folder is this run's: a run refused at the
    // lock or for a linked folder answers at once (`svc month-end`: 0.42 s of CPU, not 0.77 s).
    const [{ runUnit }, { runLanguage }] = await Promise.all([import('../unit/run-unit.js'), import('../pages/summary.js')]);
    // The package's own client and builders, on a connection pool of this run (closed at its end).
    own = options.deps ? undefined : (await import('../unit/default-deps.js')).createDefaultDeps({ client: options.client });
    const deps = options.deps ?? own!.deps;
    await run.removeStaleTempFiles();
    const writer = await run.writer();
    await keepRatesFile(writer, ratesFile);
    const folders = run.folders;
    const progress: MonthEndProgress = { event: 'start', organizations_total: config.organizations.length, organizations_done: 0, documents: 0, errors: 0, elapsed_ms: 0 };
    const report = (event: MonthEndProgress['event'], organization?: OrgOutcome) => {
      progress.elapsed_ms = Math.round(performance.now() - startedTick);
      // Progress lines are an output too: the last guard runs on them before they are printed.
      options.onProgress?.({ ...progress, event, ...(organization ? { organization: run.scrubDeep(organization) } : {}) });
    };
    report('start');
    const checkpoint = run.checkpointer();
    // Every token of the run, which no unit's answers may hold: made once, shared by the units (threads make their own from the same values).
    const orgIds = runPublicIds(config);
    const runSecrets = new RunSecrets(run.secrets, orgIds);
    if (threads > 0) {
      const started = new ThreadPool(threads, options.client, { tokens: run.secrets, orgIds });
      pool = started;
      signal.addEventListener('abort', () => started.abort(String((signal.reason as Error)?.message ?? 'aborted')), { once: true });
    }
    const onFile = () => { progress.documents++; report('file'); };
    const unitContext = { monthDir, month, baseUrl: config.base_url, language: options.language, env, deps, signal, rates: ratesFile?.rates, runSecrets };
    const outcomes = await mapPool(config.organizations, concurrency, signal, async (org, i) => {
      const folder = folders[i]!;
      const withServicePdf = options.withServicePdf ?? false;
      const previous = writer.previousUnder(folder);
      // The same unit on this thread or on a worker thread; its files join the run's writer when it is done.
      const done = pool
        ? await pool.run({ folder, month, baseUrl: config.base_url, language: options.language, withServicePdf, org, token: env[org.token_env], monthDir, previous, rates: ratesFile?.entry ?? null }, onFile)
        : await runUnit({ kind: 'organization', org, folder, withServicePdf }, { ...unitContext, previous, onFile });
      writer.adopt(done.files);
      const outcome = done.outcome;
      progress.organizations_done++;
      if (outcome.status === 'failed') progress.errors++;
      report('organization', outcome);
      await checkpoint.maybeWrite();
      return outcome;
    });
    await checkpoint.settle();
    let partner = null;
    if (config.partner) {
      const done = await runUnit({ kind: 'partner', partner: config.partner }, { ...unitContext, previous: [...writer.previousFiles()].filter(isPartnerFile) });
      writer.adopt(done.files);
      partner = done.outcome;
    }
    const organizations = config.organizations.map((o, i): OrgOutcome =>
      outcomes[i] ?? { org_id: o.org_id, name: o.name, folder: folders[i]!, status: 'not_run', parts: [], invoices: [], cost: null },
    );
    return await run.finish({
      organizations, partner,
      interrupted: signal.aborted,
      options: { concurrency, language: options.language ?? null, with_service_pdf: options.withServicePdf ?? false, rates: ratesFile?.entry ?? null },
      summaryLanguage: options.language ?? runLanguage(organizations),
      creditNoteDate: options.creditNoteDate,
    });
  } finally {
    options.signal?.removeEventListener('abort', forward);
    await pool?.close();
    await own?.close();
    await run.release();
  }
}
