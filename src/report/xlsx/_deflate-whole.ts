import { constants, deflateRawSync } from 'node:zlib';

/** Entries at most this large are remembered; a workbook's shared parts are a few kilobytes. */
const MAX_REMEMBERED_BYTES = 1 << 16;
/** Remembered entries per process (per level): enough for every part the workbooks of a run share. */
const MAX_REMEMBERED = 128;

interface Remembered {
  raw: Buffer;
  deflated: Buffer;
}

const remembered = new Map<string, Remembered>();

/**
 * `raw` deflated on its own (a fresh zlib state at `level`, sync-flushed: the bytes the archive's
 * stream makes of an entry written whole). Many parts are the same in every workbook of a month
 * end (styles, relationships, content types, chart and table frames): a part deflated before in
 * this process, byte for byte the same, gets the same bytes again without zlib (whose setup costs
 * more than the deflate of a few kilobytes). Deflate is deterministic, so this never changes a byte.
 * `remember` false: content met once (a sheet's rows) is neither looked up nor kept.
 */
export function deflateWhole(raw: Buffer, crc: number, level: number, remember = true): Buffer {
  const small = remember && raw.length <= MAX_REMEMBERED_BYTES;
  const key = small ? `${level}:${crc >>> 0}:${raw.length}` : '';
  if (small) {
    const hit = remembered.get(key);
    if (hit && hit.raw.equals(raw)) return hit.deflated;
  }
  const deflated = deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH });
  if (small) {
    // Oldest first out: what a run shares is met again and again, what it does not soon leaves.
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    // Copies: the caller's buffer may be a view of one it reuses.
    remembered.set(key, { raw: Buffer.from(raw), deflated });
  }
  return deflated;
}
