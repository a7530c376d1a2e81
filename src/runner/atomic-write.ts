import { randomBytes } from 'node:crypto';
import { open, rename, unlink, mkdir } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { OutputWriteError } from './output-write-error.js';

/**
 * Writes `data` to `path` so that readers only ever see the old file or the whole new one:
 * a temp file beside it, fsync, rename over the target, fsync of the folder. An interrupted
 * write leaves at most a `.svc-tmp-*` file, never a partial target.
 */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array | string,
  options: { mode?: number; mkdir?: boolean } = {},
): Promise<void> {
  try {
    await write(path, data, options);
  } catch (e) {
    throw OutputWriteError.from(path, e);
  }
}

async function write(path: string, data: Uint8Array | string, options: { mode?: number; mkdir?: boolean }): Promise<void> {
  const dir = dirname(path);
  if (options.mkdir !== false) await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.svc-tmp-${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const fh = await open(tmp, 'wx', options.mode ?? 0o644);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
  await fh.close();
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => {});
    throw e;
  }
  // Make the rename itself durable; not supported on every platform (e.g. Windows), so best effort.
  const dh = await open(dir, 'r').catch(() => undefined);
  if (dh) await dh.sync().catch(() => {}).finally(() => dh.close());
}
