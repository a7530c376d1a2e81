import { randomBytes } from 'node:crypto';
import { closeSync, fsync, openSync, renameSync, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { ownFile } from './own-file.js';
import { OutputWriteError } from './output-write-error.js';
import { makeFolder } from './make-folder.js';

/** Prefix of the temp files the writer makes beside a target (a killed process may leave one). */
export const TEMP_PREFIX = '.svc-tmp-';

export interface AtomicWriteOptions {
  /** Permission bits of a new file (default 0644). */
  mode?: number;
  /** Create the folder when missing (default true). */
  mkdir?: boolean;
  /**
   * Fsync the folder after the rename (default true). False: the caller makes the renames of a
   * batch of files durable at once with `syncFolder` before anything relies on them (a run's
   * organization writes about nine files into two folders, and syncs each folder once).
   */
  syncFolder?: boolean;
  /**
   * The output folder the path lies in (a run's month folder). When given, no symbolic link
   * below it is followed or replaced: the file and every folder between are checked with lstat
   * before the write and again just before the rename, and a link is refused by name
   * (OutputLinkError). Without it, a link at the path itself is written through (see `outputTarget`).
   */
  within?: string;
}

/** Where the writer puts bytes: every call writes its chunk whole (short writes continued) or throws. */
export interface AtomicSink {
  write(chunk: Uint8Array | string): Promise<void>;
}

/**
 * The file an output to `path` replaces, under the one rule (`ownFile`): a path that does not
 * exist yet is itself; an existing regular file is itself; a symbolic link is followed to its
 * target, which is then written (the link stays a link, as an editor saving through it does: a
 * `credentials.json` kept in a dotfiles repository stays there). Anything else exists and is not
 * a regular file (a folder, FIFO, device, socket, a link to nothing) and is refused before
 * anything is written.
 * @throws OutputPathError naming what the path is
 */
export async function outputTarget(path: string): Promise<string> {
  return (await ownFile(path, { followLink: true, use: 'write' }))?.path ?? path;
}

/**
 * Temp names count up from a random start in each process (each thread: a module of its own)
 * rather than taking 4 random bytes each: a month end makes tens of thousands, and each random
 * draw was a call into OpenSSL's generator. The pid and the random start keep them apart between
 * processes as the random bytes did, and 'wx' still refuses a name that is already there.
 */
let tempCount = randomBytes(4).readUInt32BE(0);

/** The next temp name beside `target`. */
function tempPath(dir: string, target: string): string {
  tempCount = (tempCount + 1) >>> 0;
  return join(dir, `${TEMP_PREFIX}${basename(target)}.${process.pid}.${tempCount.toString(16).padStart(8, '0')}`);
}

/**
 * Where a text chunk is encoded before it is written: the writes are synchronous, so one buffer
 * serves them all. A manifest of megabytes is written 64 K characters at a time, and a Buffer of
 * its own for each chunk was memory outside V8's heap, which counts towards its next full collection.
 */
const SCRATCH_BYTES = 256 * 1024;
let scratch: Buffer | undefined;

/** `text` as UTF-8, in the scratch buffer when it fits (until the next call), else in a Buffer of its own. */
function utf8Of(text: string): Uint8Array {
  // At most 3 bytes a UTF-16 unit (a surrogate pair, 2 units, is 4 bytes).
  if (text.length * 3 > SCRATCH_BYTES) return Buffer.from(text, 'utf8');
  scratch ??= Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  return scratch.subarray(0, scratch.write(text, 0, 'utf8'));
}

/** fsync(2) on libuv's thread pool (the binding read at each call, so a test can watch the calls). */
function fsyncFd(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
}

/**
 * Writes `chunk` whole: `write(2)` may take fewer bytes than offered (a nearly full disk), so it
 * is called again for the rest. The open, writes, close and rename are synchronous: into the page
 * cache they take microseconds, where each promise form costs a trip through libuv's thread pool
 * (a month end makes tens of thousands of files); the two fsyncs, which wait for the disk, are not.
 */
function writeWhole(fd: number, chunk: Uint8Array): void {
  for (let done = 0; done < chunk.length; ) {
    const bytesWritten = writeSync(fd, chunk, done, chunk.length - done);
    // A regular file takes at least one byte or fails; never loop on nothing.
    if (bytesWritten <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    done += bytesWritten;
  }
}

/**
 * Makes the renames into `dir` durable; not every platform can sync a folder (Windows), so best effort.
 *
 * What durability needs, and why the two fsyncs are where they are: the file's own fsync comes
 * before its rename, so after a crash the name never points at blocks that were not written
 * (a rename can reach the disk before the data it names); the folder's fsync after the rename
 * makes the new name itself survive a crash. One folder fsync after a batch of renames into it
 * does the latter for all of them, as long as nothing that relies on the new names (a manifest
 * listing the files) is written before it: `syncFolder: false` and this, once per folder. Each
 * fsync waits for the disk on libuv's thread pool; its CPU is small (on this machine a month end
 * of 300 organizations with every fsync skipped used the same CPU within the noise, 2026-12-06).
 */
export async function syncFolder(dir: string): Promise<void> {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  await fsyncFd(fd).catch(() => {});
  try {
    closeSync(fd);
  } catch {
    // Best effort, as the sync.
  }
}

/**
 * The one atomic writer every output of the package goes through. `fill` writes the content
 * into a temp file beside the target; then file fsync, rename over the target, folder fsync.
 * Readers see the earlier file or the whole new one: on any failure (a full disk, a refused
 * body, an abort) the temp file is removed and the earlier file is left as it was. Returns the
 * bytes written.
 * @throws OutputPathError when the path is not a regular file (see `outputTarget`)
 * @throws OutputLinkError with `within`, when the path or a folder below `within` is a symbolic link
 * @throws OutputWriteError naming the file for a system error (ENOSPC, EACCES, ...); errors of
 * `fill` itself pass through as they are
 */
export async function writeAtomic(path: string, fill: (sink: AtomicSink) => Promise<void>, options: AtomicWriteOptions = {}): Promise<number> {
  const within = options.within;
  // Inside an output folder nothing is followed; elsewhere a link at the path itself is written through.
  const target = within !== undefined ? ((await ownFile(path, { within, use: 'write' }))?.path ?? path) : await outputTarget(path);
  const dir = dirname(target);
  const tmp = tempPath(dir, target);
  let fd: number | undefined;
  let size = 0;
  try {
    if (options.mkdir !== false) await makeFolder(dir);
    fd = openSync(tmp, 'wx', options.mode ?? 0o644);
    const file = fd;
    await fill({
      async write(chunk) {
        const bytes = typeof chunk === 'string' ? utf8Of(chunk) : chunk;
        writeWhole(file, bytes);
        size += bytes.length;
      },
    });
    // A full disk may only show at the sync or the close (delayed allocation, network file systems).
    await fsyncFd(fd);
    const closing = fd;
    fd = undefined;
    closeSync(closing);
    // Checked again at the last moment: something made in the meantime is still not replaced, and
    // a folder on the way swapped for a link meanwhile would move the file out of the output folder.
    await ownFile(target, within !== undefined ? { within, use: 'write' } : { followLink: true, use: 'write' });
    renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // The write's own error is the one to report.
      }
    }
    await unlink(tmp).catch(() => {});
    throw OutputWriteError.from(path, e);
  }
  if (options.syncFolder !== false) await syncFolder(dir);
  return size;
}

/** Writes `data` to `path` atomically (see `writeAtomic`). */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  await writeAtomic(path, (sink) => sink.write(data), options);
}

/**
 * Lets `produce` stream a file into `path` through a Node Writable (the workbook builders
 * write to one), atomically (see `writeAtomic`). Returns the bytes written.
 */
export function writeStreamAtomic(path: string, produce: (out: Writable) => Promise<void>, options: AtomicWriteOptions = {}): Promise<number> {
  return writeAtomic(
    path,
    async (sink) => {
      const out = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          sink.write(chunk).then(() => callback(), callback);
        },
      });
      // A write error (disk full) while `produce` is still at work ends the wait at once.
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      failed.catch(() => {});
      const finished = new Promise<void>((resolve) => out.once('finish', resolve));
      await Promise.race([produce(out), failed]);
      if (!out.writableEnded) out.end();
      await Promise.race([finished, failed]);
    },
    options,
  );
}

/**
 * Saves a byte stream (an HTTP body) to `path` atomically (see `writeAtomic`). `checkHead` sees
 * the first bytes (at least `headBytes` unless the stream is shorter) and returns an Error to
 * refuse the content. Errors of the stream pass through as `mapReadError` makes them.
 */
export function saveStreamAtomic(
  body: AsyncIterable<Uint8Array> & { destroy?: () => void },
  path: string,
  opts: { headBytes?: number; checkHead?: (head: Buffer) => Error | undefined; mapReadError?: (e: unknown) => unknown; mode?: number } = {},
): Promise<number> {
  const headBytes = opts.headBytes ?? 0;
  const saving = writeAtomic(
    path,
    async (sink) => {
      let head: Buffer | undefined = Buffer.alloc(0);
      const it = body[Symbol.asyncIterator]();
      try {
        for (;;) {
          let next: IteratorResult<Uint8Array>;
          try {
            next = await it.next();
          } catch (e) {
            throw opts.mapReadError ? opts.mapReadError(e) : e;
          }
          if (next.done) break;
          const chunk = next.value;
          if (head && opts.checkHead) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= headBytes) {
              const bad = opts.checkHead(head);
              if (bad) throw bad;
              head = undefined;
            }
          }
          await sink.write(chunk);
        }
        if (head && opts.checkHead) {
          const bad = opts.checkHead(head);
          if (bad) throw bad;
        }
      } catch (e) {
        body.destroy?.();
        throw e;
      }
    },
    opts.mode === undefined ? {} : { mode: opts.mode },
  );
  // Refused before a byte was read (the path, the folder): the body is not left open.
  return saving.catch((e: unknown) => {
    body.destroy?.();
    throw e;
  });
}
