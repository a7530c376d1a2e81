import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';

/**
 * Lets `produce` stream a file into a temp file beside `path`, then fsyncs and renames it over
 * `path`: readers see the old file or the whole new one, and a failure leaves nothing behind.
 * Returns the size written.
 */
export async function writeStreamAtomic(path: string, produce: (out: Writable) => Promise<void>): Promise<number> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.svc-tmp-${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const fh = await open(tmp, 'wx', 0o644);
  try {
    const out = fh.createWriteStream({ autoClose: false });
    await produce(out);
    if (!out.writableFinished) {
      out.end();
      await finished(out);
    }
    await fh.sync();
    await fh.close();
    await rename(tmp, path);
  } catch (e) {
    await fh.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
  return (await stat(path)).size;
}
