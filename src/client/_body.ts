import { finished, Transform, type Readable } from 'node:stream';
import { CredentialScan } from './_credential-scan.js';
import type { SecretFragments } from '../core/index.js';

/** Largest `content-length` read into one buffer allocated up front (larger bodies are collected in chunks). */
const PREALLOCATE_LIMIT = 512 * 1024 * 1024;

/** The most a body may hold, and the error thrown (and the body destroyed) once it holds more. */
export interface BodyCap {
  bytes: number;
  tooLarge: () => Error;
}

/**
 * Reads a whole response body, at most `cap.bytes` of it: a body announcing more is refused
 * before a byte is read, one growing past it is cut off there. With the body's `content-length`
 * the bytes are copied into one buffer of that size as they arrive, so a large answer is held
 * once rather than as chunks plus their concatenation (a 13 MB key-usage answer then costs
 * 13 MB, not 26 MB, at its peak).
 */
export async function readAll(body: Readable, contentLength: number | undefined, cap: BodyCap): Promise<Buffer> {
  if (contentLength !== undefined && contentLength > cap.bytes) {
    discard(body);
    throw cap.tooLarge();
  }
  let total = 0;
  const count = (b: Buffer) => {
    total += b.length;
    if (total > cap.bytes) {
      discard(body);
      throw cap.tooLarge();
    }
    return b;
  };
  if (contentLength !== undefined && Number.isSafeInteger(contentLength) && contentLength > 0 && contentLength <= PREALLOCATE_LIMIT) {
    // A body that comes as one chunk (most answers of a few hundred KB on loopback) is that chunk;
    // the buffer is made once a second chunk shows it is needed.
    let first: Buffer | undefined;
    let out: Buffer | undefined;
    let size = 0;
    const rest: Buffer[] = [];
    for await (const chunk of body) {
      const b = count(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      if (!first && !out) {
        first = b;
        continue;
      }
      if (!out) {
        out = Buffer.allocUnsafe(contentLength);
        size = fitInto(out, 0, first!, rest);
        first = undefined;
      }
      size = fitInto(out, size, b, rest);
    }
    if (first) return first;
    const head = out ? out.subarray(0, size) : Buffer.alloc(0);
    return rest.length ? Buffer.concat([head, ...rest]) : head;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(count(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)));
  return Buffer.concat(chunks);
}

/**
 * Copies what of `b` fits into `out` from `size` on; returns the new size. A body longer than
 * announced is still read whole (up to the cap) rather than cut: the rest goes to `rest`.
 */
function fitInto(out: Buffer, size: number, b: Buffer, rest: Buffer[]): number {
  const fits = Math.min(b.length, out.length - size);
  b.copy(out, size, 0, fits);
  if (fits < b.length) rest.push(b.subarray(fits));
  return size + fits;
}

/** A credential a streamed body must not hold (SecretFragments.ofUtf8 of it), and the error the stream then fails with. */
export interface BodyGuard {
  fragments: SecretFragments;
  found: () => Error;
}

/**
 * `body` passed through with the same cap: the returned stream fails with `cap.tooLarge()`
 * once more than `cap.bytes` have come (for a body read as a stream by its caller). With a
 * `guard`, it fails with `guard.found()` once the body holds a fragment of the credential, also split across
 * chunks, and none of them is passed on first (CredentialScan).
 */
export function capStream(body: Readable, cap: BodyCap, guard?: BodyGuard): Readable {
  let total = 0;
  const scan = guard ? new CredentialScan(guard.fragments) : undefined;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > cap.bytes) return callback(cap.tooLarge());
      if (!scan) return callback(null, chunk);
      const out = scan.write(chunk);
      if (!out) return callback(guard!.found());
      for (const b of out) if (b.length) this.push(b);
      callback();
    },
    flush(callback) {
      const rest = scan?.end();
      callback(null, rest?.length ? rest : undefined);
    },
  });
  // An error on either side (the cap, a deadline, the connection, the caller's destroy) ends both,
  // as stream.pipeline would; not with it, as it makes an AbortController and, at the end, a
  // DOMException with its stack for every body.
  body.pipe(capped);
  finished(body, (err) => {
    if (err) capped.destroy(err);
  });
  finished(capped, (err) => {
    if (err) body.destroy(err);
  });
  return capped;
}

/** Stops reading `body` and lets it go; its "aborted" error has no one to tell, so it is not left unhandled. */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

/** Reads at most `limit` bytes of an (error) body as UTF-8 and drops the rest. */
export async function readLimited(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(b);
      size += b.length;
      if (size >= limit) break;
    }
  } catch {
    // a broken error body still leaves the status to report
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** A plain Uint8Array view of a Buffer's bytes (no copy). */
export function asBytes(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}
