import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Streams `body` into `path` so the file appears whole or not at all: a temp file beside it,
 * fsync, rename. `checkHead` sees the first bytes (at least `headBytes` unless the body is
 * shorter) and returns an Error to refuse the body. `onReadError` turns a failure of the body
 * stream into the caller's error type. Returns the bytes written.
 */
export async function saveStreamAtomic(
  body: Readable,
  path: string,
  opts: { headBytes: number; checkHead: (head: Buffer) => Error | undefined; onReadError: (e: unknown) => Error },
): Promise<number> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.svc-tmp-${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const fh = await open(tmp, 'wx', 0o644);
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  try {
    const it = body[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await it.next();
      } catch (e) {
        throw opts.onReadError(e);
      }
      if (next.done) break;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= opts.headBytes) {
          const bad = opts.checkHead(head);
          if (bad) throw bad;
          head = undefined;
        }
      }
      await fh.write(chunk);
      size += chunk.length;
    }
    if (head) {
      const bad = opts.checkHead(head);
      if (bad) throw bad;
    }
    await fh.sync();
    await fh.close();
    await rename(tmp, path);
    return size;
  } catch (e) {
    body.destroy();
    await fh.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
}
