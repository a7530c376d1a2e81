import { join } from 'node:path';
import type { OutputWriter } from '../manifest/_output-writer.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { RUN_DOCUMENTS } from '../manifest/_run-documents.js';
import { writeManifestJson } from './_manifest-json.js';
import type { SecretScrubber } from './_secret-scrubber.js';

/** A checkpoint's JSON, as JSON.stringify indents it (a value it cannot write: undefined). */
const plainJson = (value: unknown): string | undefined => JSON.stringify(value, null, 2);

/** Least time between two checkpoints, so a run of thousands of organizations writes few. */
const CHECKPOINT_EVERY_MS = 500;
/**
 * The manifest grows with the run (a megabyte and more at a thousand organizations), so the
 * pause after a checkpoint is also at least this many times what writing it took: checkpoints
 * then cost at most about 1/CHECKPOINT_COST_FACTOR of the run however large it gets (2 %; a run
 * killed outright redoes at most that pause's organizations, seconds of work at any size).
 */
const CHECKPOINT_COST_FACTOR = 50;

/**
 * Writes `manifest.json` now and then during a run, marked `in_progress`, listing what this
 * run has written so far plus the previous manifest's other entries. A run killed outright
 * (kill -9, power loss) then resumes from its last checkpoint by source hash instead of
 * producing everything again to compare bytes.
 */
export class Checkpointer {
  private last = performance.now();
  private lastCostMs = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly monthDir: string,
    private readonly writer: OutputWriter,
    private readonly head: () => Record<string, unknown>,
    private readonly scrubber: Pick<SecretScrubber, 'scrub' | 'lineByLine'>,
  ) {}

  /** Called after each organization; writes at most every CHECKPOINT_EVERY_MS, one write at a time. */
  maybeWrite(): Promise<void> {
    if (performance.now() - this.last < Math.max(CHECKPOINT_EVERY_MS, CHECKPOINT_COST_FACTOR * this.lastCostMs)) return this.writing;
    this.last = performance.now();
    this.writing = this.writing.then(() => this.write()).catch(() => {});
    return this.writing;
  }

  /** Waits for a checkpoint being written, so it never lands after the final manifest. */
  settle(): Promise<void> {
    return this.writing;
  }

  private async write(): Promise<void> {
    const started = performance.now();
    const touched = new Set(this.writer.files.map((f) => f.path));
    const files: ManifestFile[] = [...this.writer.files];
    // The last run's journal too (this run writes its own only at its end): the next run compares with it (journal_changes).
    for (const prev of this.writer.previousFiles()) if (!touched.has(prev.path) && (!RUN_DOCUMENTS.has(prev.kind) || prev.kind === 'journal')) files.push({ ...prev, status: 'kept' });
    await writeManifestJson(join(this.monthDir, 'manifest.json'), { ...this.head(), in_progress: true, files }, { within: this.monthDir, stringify: plainJson, scrubber: this.scrubber });
    this.lastCostMs = performance.now() - started;
  }
}
