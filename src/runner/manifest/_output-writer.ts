import { unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeFolder, ownFile, readOwnFile, syncFolder, writeFileAtomic } from '../../core/index.js';
import { sha256 } from './hash.js';
import { isKeptAnswer } from './kept-answers.js';
import type { FileStatus, ManifestFile, OutputKind } from './manifest.js';

export interface OutputRequest {
  /** Relative to the month folder, `/`-separated, made of safe name parts only. */
  path: string;
  org_id: string | null;
  kind: OutputKind;
  source_sha256: string;
  source: string;
  /** What else decides the bytes (tool version, language): a change rewrites the file. */
  generator: string;
  /** Makes the bytes; called only when the file cannot be skipped. */
  produce: () => Promise<Uint8Array>;
}

export type WrittenFile = ManifestFile;

/** The bytes of a file the run wrote earlier, under the one rule (`readOwnFile`): a link, FIFO or device there is refused, unopened. */
async function readIfExists(monthDir: string, path: string): Promise<Buffer | undefined> {
  return (await readOwnFile(path, { within: monthDir }))?.bytes;
}

/**
 * Writes a run's outputs under the month folder, resuming from the previous manifest: a file
 * whose source hash and generator are unchanged and whose bytes on disk still match is not
 * produced again; a changed one is rewritten; each write is atomic.
 */
export class OutputWriter {
  readonly files: WrittenFile[] = [];

  /**
   * `batchFolderSync`: the folders' fsyncs after the renames are left to `syncFolders`, which the
   * owner calls once the batch is written and before anything lists the files (see `syncFolder`).
   */
  constructor(
    private readonly monthDir: string,
    private readonly previous: ReadonlyMap<string, WrittenFile>,
    private readonly options: {
      batchFolderSync?: boolean;
      /** Why no document may be written now (an Error to throw), checked before each; the kept answers are not documents. */
      refuseDocuments?: () => Error | undefined;
    } = {},
  ) {}

  // Folders with renames not yet made durable (batchFolderSync only).
  private readonly unsynced = new Set<string>();

  /** Makes this writer's renames durable: one fsync per folder written since the last call (batchFolderSync). */
  async syncFolders(): Promise<void> {
    const dirs = [...this.unsynced];
    this.unsynced.clear();
    await Promise.all(dirs.map((dir) => syncFolder(dir)));
  }

  /** True when `path` can be skipped without fetching or rendering anything (bytes on disk verified). */
  async isCurrent(req: Pick<OutputRequest, 'path' | 'source_sha256' | 'generator'>): Promise<boolean> {
    const prev = this.previous.get(req.path);
    if (!prev || prev.source_sha256 !== req.source_sha256 || prev.generator !== req.generator) return false;
    return (await this.previousBytes(req.path)) !== undefined;
  }

  /** The earlier manifest's entry of `path`; undefined when it listed none. */
  previousEntry(path: string): WrittenFile | undefined {
    return this.previous.get(path);
  }

  /** The bytes of a file the earlier manifest lists, when they are still the ones it lists; else undefined. */
  async previousBytes(path: string): Promise<Buffer | undefined> {
    const prev = this.previous.get(path);
    if (!prev) return undefined;
    // A link, FIFO or device is never read as "our file": not current, so emit() refuses it by name.
    const onDisk = await readIfExists(this.monthDir, join(this.monthDir, path)).catch(() => undefined);
    return onDisk && onDisk.length === prev.size && sha256(onDisk) === prev.sha256 ? onDisk : undefined;
  }

  /**
   * Keeps a file an earlier run of the month wrote as it is, though what would make it now
   * differs (an issued credit note is never made again): recorded as `kept`, when its bytes on
   * disk are still those the earlier manifest lists; undefined when they are not (missing,
   * changed, not a plain file), or the manifest listed none.
   */
  async keepAsMade(path: string): Promise<WrittenFile | undefined> {
    return (await this.previousBytes(path)) ? this.keepListed(path) : undefined;
  }

  /** Records files another writer (a worker thread's) wrote under this month folder. */
  adopt(files: readonly WrittenFile[]): void {
    this.files.push(...files);
  }

  /** The previous manifest's entries under `folder/` (grouped once, for handing to worker threads). */
  previousUnder(folder: string): WrittenFile[] {
    if (!this.byFolder) {
      this.byFolder = new Map();
      for (const f of this.previous.values()) {
        const top = f.path.split('/')[0]!;
        const list = this.byFolder.get(top) ?? [];
        list.push(f);
        this.byFolder.set(top, list);
      }
    }
    return this.byFolder.get(folder) ?? [];
  }

  private byFolder: Map<string, WrittenFile[]> | undefined;

  /** The previous manifest's entries. */
  previousFiles(): IterableIterator<WrittenFile> {
    return this.previous.values();
  }

  /**
   * Writes one file (or finds it current), under the one rule of `ownFile`: nothing below the
   * month folder is followed if it is a symbolic link (the file or its organization's folder
   * being one is refused by name, OutputLinkError), and a FIFO, socket, device or folder at the
   * file's name is refused by name (OutputPathError), before anything is read, made or written there.
   */
  async emit(req: OutputRequest): Promise<WrittenFile> {
    if (!isKeptAnswer(req)) {
      const refused = this.options.refuseDocuments?.();
      if (refused) throw refused;
    }
    const target = join(this.monthDir, req.path);
    // Nothing there yet (the usual case in a month's first run): nothing to read back or compare below.
    const found = await ownFile(target, { within: this.monthDir, use: 'write' });
    const prev = this.previous.get(req.path);
    const base = { path: req.path, org_id: req.org_id, kind: req.kind, source_sha256: req.source_sha256, source: req.source, generator: req.generator };
    if (prev && (await this.isCurrent(req))) {
      return this.record({ ...base, size: prev.size, sha256: prev.sha256, status: 'unchanged' });
    }
    const bytes = await req.produce();
    const hash = sha256(bytes);
    const existing = found ? await readIfExists(this.monthDir, target) : undefined;
    let status: FileStatus;
    if (existing && existing.length === bytes.length && sha256(existing) === hash) status = 'unchanged';
    else {
      const dir = dirname(target);
      await this.ensureFolder(dir);
      const batch = this.options.batchFolderSync === true;
      await writeFileAtomic(target, bytes, { mkdir: false, within: this.monthDir, syncFolder: !batch });
      if (batch) this.unsynced.add(dir);
      status = existing ? 'rewritten' : 'written';
    }
    const changedSource = prev && prev.source_sha256 !== req.source_sha256 ? { previous_source_sha256: prev.source_sha256 } : {};
    return this.record({ ...base, size: bytes.length, sha256: hash, status, ...(status === 'rewritten' ? changedSource : {}) });
  }

  /**
   * Removes a file an earlier run of this month wrote (listed in its manifest) that no longer
   * stands, such as the e-invoice of an invoice voided since; a file the manifest does not list
   * is never touched.
   */
  async retire(path: string): Promise<void> {
    if (!this.previous.has(path)) return;
    this.retired.add(path);
    // Through a linked folder this would remove a file outside the run; and only a regular file is
    // the one the earlier run wrote (the one rule: a FIFO or device put there is refused, not removed).
    if (!(await ownFile(join(this.monthDir, path), { within: this.monthDir, use: 'write' }))) return;
    await unlink(join(this.monthDir, path)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  private readonly retired = new Set<string>();

  /** Whether this writer removed the earlier run's file at `path` (retire): it no longer stands. */
  isRetired(path: string): boolean {
    return this.retired.has(path);
  }

  /**
   * Lists a file as the earlier manifest lists it, `kept`, whatever is on disk: keepAsMade's once
   * its bytes are checked, and an issued credit note a person deleted, so every later run still
   * knows it was made and `svc verify` names it missing until it is put back. Undefined when none
   * was listed.
   */
  keepListed(path: string): WrittenFile | undefined {
    const prev = this.previous.get(path);
    if (!prev) return undefined;
    const { previous_source_sha256: _, ...entry } = prev;
    return this.record({ ...entry, status: 'kept' });
  }

  // Folders made by this writer: one mkdir per organization folder, not one per file.
  private readonly folders = new Set<string>();

  private async ensureFolder(dir: string): Promise<void> {
    if (this.folders.has(dir)) return;
    await makeFolder(dir);
    this.folders.add(dir);
  }

  private record(file: WrittenFile): WrittenFile {
    this.files.push(file);
    return file;
  }
}
