import { join } from 'node:path';
import { writeFileAtomic } from '../../core/index.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { RUN_DOCUMENTS } from '../manifest/_run-documents.js';

/** Least time between two checkpoints, so a run of thousands of organizations writes few. */
const CHECKPOINT_EVERY_MS = 500;
/**
 * The manifest grows with the run (a megabyte and more at a thousand organizations), so the
 * pause after a checkpoint is also at least this many times what writing it took: checkpoints
 * then cost at most about 1/CHECKPOINT_COST_FACTOR of the run however large it gets.
 */
const CHECKPOINT_COST_FACTOR = 25;

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

  /**
   * `scrubber`: the run's token scrub (SecretScrubber), the last guard over every checkpoint's
   * text. `linesApart`: no token holds a line break, so none can span two lines of the text
   * (see `write`).
   */
  constructor(
    private readonly monthDir: string,
    private readonly writer: OutputWriter,
    private readonly head: () => Record<string, unknown>,
    private readonly scrubber: { scrub(text: string): string; readonly linesApart: boolean },
  ) {}

  // Each file entry's lines in the checkpoint with the comma after it, scrubbed, by the entry (a kept one by the previous manifest's entry).
  private readonly entryText = new WeakMap<object, string>();

  /** `file` as JSON.stringify(…, null, 2) writes it as an element of the top object's `files`. */
  private static linesOf(file: ManifestFile): string {
    return `    ${JSON.stringify(file, null, 2).replaceAll('\n', '\n    ')}`;
  }

  /** The entry's lines followed by a comma, scrubbed: made once, at the first checkpoint that lists it. */
  private entry(key: object, file: () => ManifestFile): string {
    let text = this.entryText.get(key);
    if (text === undefined) {
      text = this.scrubber.scrub(`${Checkpointer.linesOf(file())},`);
      this.entryText.set(key, text);
    }
    return text;
  }

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
    // Each entry by its key (what it is cached by) and how to make it: the file, or a kept one's entry with its status.
    const all: [object, () => ManifestFile][] = this.writer.files.map((f) => [f, () => f]);
    for (const prev of this.writer.previousFiles()) if (!touched.has(prev.path) && !RUN_DOCUMENTS.has(prev.kind)) all.push([prev, () => ({ ...prev, status: 'kept' })]);
    let text: string;
    if (this.scrubber.linesApart && all.length > 0) {
      // The text JSON.stringify({ ...head, in_progress: true, files }, null, 2) makes, from pieces
      // of whole lines: no token holds a line break, so none spans two lines, and scrubbing each
      // piece apart replaces exactly what scrubbing the whole text would (the guard still covers
      // every byte). Each file's entry is made and scrubbed once, at the first checkpoint listing it.
      const head = JSON.stringify({ ...this.head(), in_progress: true }, null, 2).slice(0, -2);
      const pieces = [this.scrubber.scrub(`${head},\n  "files": [`)];
      for (let i = 0; i < all.length - 1; i++) pieces.push(this.entry(all[i]![0], all[i]![1]));
      // The last entry has no comma after it (the next checkpoint makes it with one).
      pieces.push(this.scrubber.scrub(Checkpointer.linesOf(all[all.length - 1]![1]())), this.scrubber.scrub('  ]\n}'));
      text = pieces.join('\n');
    } else text = this.scrubber.scrub(JSON.stringify({ ...this.head(), in_progress: true, files: all.map(([, f]) => f()) }, null, 2));
    await writeFileAtomic(join(this.monthDir, 'manifest.json'), text + '\n', { within: this.monthDir });
    this.lastCostMs = performance.now() - started;
  }
}
