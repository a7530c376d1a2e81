import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { UsageError } from '../usage-error.js';
import { OutputWriteError } from '../../runner/output-write-error.js';

/** Refuses an output path that is a folder (UsageError naming -o), before any work is done. */
export async function checkOutputPath(path: string): Promise<void> {
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`-o ${path} is a folder; give a file name such as ${join(path, 'report.xlsx')}`);
}

/**
 * Lets `produce` stream a file into a temp file beside `path`, then fsyncs and renames it over
 * `path`: readers see the old file or the whole new one, and a failure leaves nothing behind.
 * Returns the size written.
 */
export async function writeStreamAtomic(path: string, produce: (out: Writable) => Promise<void>): Promise<number> {
  await checkOutputPath(path);
  const dir = dirname(path);
  await mkdir(dir, { recursive: true }).catch((e: unknown) => {
    throw OutputWriteError.from(path, e);
  });
  const tmp = join(dir, `.svc-tmp-${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const out = createWriteStream(tmp, { flags: 'wx', mode: 0o644 });
  const closed = once(out, 'close');
  // A write error (disk full) rejects `closed` while `produce` is still running: mark it handled
  // now, or Node ends the process on an unhandled rejection before the temp file is removed. The
  // error still reaches the caller, through `produce` or the `await closed` below.
  closed.catch(() => {});
  try {
    await once(out, 'open');
    await produce(out);
    if (!out.writableEnded) out.end();
    await closed;
    // The stream closed its descriptor; sync through a second one so the rename is durable.
    const fh = await open(tmp, 'r+');
    await fh.sync().finally(() => fh.close());
    await rename(tmp, path);
  } catch (e) {
    out.destroy();
    await closed.catch(() => {});
    await unlink(tmp).catch(() => {});
    throw OutputWriteError.from(path, e);
  }
  return (await stat(path)).size;
}
