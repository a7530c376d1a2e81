import { join } from 'node:path';
import { VERSION } from '../../version.js';
import { Checkpointer } from './_checkpoint.js';
import type { FinishInput } from './_finish.js';
import { organizationFolders } from './_folders.js';
import { acquireRunLock } from './_lock.js';
import { OutputWriter } from '../manifest/_output-writer.js';
import { readPreviousFiles } from './_previous-manifest.js';
import { SecretScrubber } from './_secret-scrubber.js';
import { removeStaleTempFiles } from './_temp-cleanup.js';
import type { RunConfig } from '../config/config.js';
import type { Manifest } from '../manifest/manifest.js';
import { booksSettings } from '../config/books-config.js';

/** What finishing a run needs beyond what the MonthRun already holds. */
export type MonthRunFinish = Omit<FinishInput, 'monthDir' | 'writer' | 'secrets' | 'version' | 'month' | 'baseUrl' | 'startedAt' | 'books'> & {
  /** The date (`YYYY-MM-DD`) of the credit notes the run makes or names; default the day the run started (UTC). */
  creditNoteDate?: string | undefined;
};

/**
 * The coordinating side of one month-end run over one month folder, shared by the run in one
 * process (runMonthEnd) and the run on a queue (runMonthEndOnQueue): the folder's lock, the
 * organizations' folder names, the writer that resumes from the previous manifest, the
 * checkpoints, the secret scrubber and the final manifest, summary.md and index.html. The units
 * of work themselves go through runUnit.
 */
export class MonthRun {
  readonly folders: string[];
  /** Token values of this run: scrubbed from every output whatever put them there. */
  readonly secrets: Array<string | undefined>;
  private readonly scrubber: SecretScrubber;
  private currentWriter: OutputWriter | undefined;

  private constructor(
    readonly monthDir: string,
    readonly month: string,
    private readonly config: RunConfig,
    readonly startedAt: Date,
    private readonly releaseLock: () => Promise<void>,
    env: Record<string, string | undefined>,
  ) {
    this.folders = organizationFolders(config);
    this.secrets = config.organizations.map((o) => env[o.token_env]).concat(config.partner ? [env[config.partner.token_env]] : []);
    this.scrubber = new SecretScrubber(this.secrets, runPublicIds(config));
  }

  /**
   * Takes the month folder (made by the caller) for this run.
   * @throws RunLockedError when another live run holds it.
   */
  static async lock(monthDir: string, month: string, config: RunConfig, env: Record<string, string | undefined>, startedAt: Date): Promise<MonthRun> {
    const release = await acquireRunLock(monthDir);
    return new MonthRun(monthDir, month, config, startedAt, release, env);
  }

  /** Token values of the run out of every string of a plain value. */
  scrubDeep<T>(value: T): T {
    return this.scrubber.scrubDeep(value);
  }

  /** The writer of this run's files, resuming from the folder's previous manifest (read on the first call). */
  async writer(): Promise<OutputWriter> {
    this.currentWriter ??= new OutputWriter(this.monthDir, await readPreviousFiles(this.monthDir, join(this.monthDir, 'manifest.json')));
    return this.currentWriter;
  }

  /** Removes temp files of writes a killed run left behind; only while no one else writes into the folder. */
  removeStaleTempFiles(): Promise<number> {
    return removeStaleTempFiles(this.monthDir);
  }

  /** The in-progress manifest written now and then as the run goes (after writer()). */
  checkpointer(): Checkpointer {
    const writer = this.currentWriter;
    if (!writer) throw new Error('MonthRun.checkpointer() before writer()');
    return new Checkpointer(this.monthDir, writer, () => ({
      manifest_version: 1, tool: { name: 'svc', version: VERSION }, month: this.month, base_url: this.config.base_url, started_at: this.startedAt.toISOString(),
    }), this.scrubber);
  }

  /**
   * Gives every void or held-back invoice its credit note (made from the config's series, or the
   * command that makes it), then writes summary.md, index.html and manifest.json of what the run
   * did (after writer()).
   */
  async finish(input: MonthRunFinish): Promise<Manifest> {
    const writer = this.currentWriter;
    if (!writer) throw new Error('MonthRun.finish() before writer()');
    const { creditNoteDate, ...rest } = input;
    // The credit notes, summary.md's and index.html's renderers load at the end: a run refused at the lock never needs them.
    const [{ finishManifest }, { settleCreditNotes }] = await Promise.all([import('./_finish.js'), import('./_credit-notes.js')]);
    await settleCreditNotes({
      monthDir: this.monthDir, writer, config: this.config, language: rest.options.language, version: VERSION,
      issueDate: creditNoteDate ?? this.startedAt.toISOString().slice(0, 10),
    }, rest.organizations);
    return finishManifest({
      ...rest, monthDir: this.monthDir, writer, month: this.month, baseUrl: this.config.base_url, startedAt: this.startedAt, secrets: this.secrets, version: VERSION,
      books: booksSettings(this.config.books),
    });
  }

  /** Gives the month folder back. */
  release(): Promise<void> {
    return this.releaseLock();
  }
}

/** The run's organization ids and the partner's where given: public though a token may hold one. */
export function runPublicIds(config: RunConfig): string[] {
  return [...config.organizations.map((o) => o.org_id), ...(config.partner?.org_id ? [config.partner.org_id] : [])];
}
