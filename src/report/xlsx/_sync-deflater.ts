import { constants, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/** Output gathered per native call; an entry that deflates to more takes several. */
const OUT_BYTES = 1 << 16;

/**
 * What `deflateRawSync` itself drives of a zlib stream (node:zlib's `processChunkSync`): its
 * native handle's synchronous write and the two counts it leaves (output space, input left).
 * Not public API: where a Node.js lacks it, `deflateSync` falls back to `deflateRawSync`.
 */
interface NativeZlib {
  writeSync(flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number): void;
  reset(): void;
}

/** One zlib state per level for this process's whole entries, reset after each (see `deflateSync`). */
const states = new Map<number, { stream: DeflateRaw; handle: NativeZlib; counts: Uint32Array } | null>();
let out: Buffer | undefined;

function stateFor(level: number) {
  let state = states.get(level);
  if (state === undefined) {
    const stream = createDeflateRaw({ level });
    const internals = stream as unknown as { _handle?: Partial<NativeZlib>; _writeState?: unknown };
    const handle = internals._handle;
    const counts = internals._writeState;
    state =
      handle && typeof handle.writeSync === 'function' && typeof handle.reset === 'function' && counts instanceof Uint32Array && counts.length >= 2
        ? { stream, handle: handle as NativeZlib, counts }
        : null;
    // A zlib failure destroys the stream during the write (checked there) and emits 'error' after.
    if (state) stream.on('error', () => {});
    else stream.close();
    states.set(level, state);
  }
  return state;
}

/**
 * `raw` deflated at `level` and sync-flushed, byte for byte what `deflateRawSync(raw, { level,
 * finishFlush: Z_SYNC_FLUSH })` gives: the same zlib, driven the same way, from a state reset
 * to the one a fresh stream starts in (deflate depends only on its input and settings). What
 * differs is the cost: `deflateRawSync` builds a stream (a Transform with its machinery) and a
 * zlib state of some 300 KB for every call, several times the deflate of a few kilobytes at
 * level 1, and a month end's workbooks make dozens of such calls each. Here one state per level
 * serves the process. Synchronous, on the calling thread, one call at a time (JavaScript's).
 */
export function deflateSync(raw: Buffer, level: number): Buffer {
  const state = stateFor(level);
  if (!state) return deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH });
  const buffer = (out ??= Buffer.allocUnsafeSlow(OUT_BYTES));
  const parts: Buffer[] = [];
  let inOff = 0;
  let inLeft = raw.length;
  try {
    for (;;) {
      state.handle.writeSync(constants.Z_SYNC_FLUSH, raw, inOff, inLeft, buffer, 0, OUT_BYTES);
      if (state.stream.destroyed) throw new Error(`zlib could not deflate a zip entry of ${raw.length} bytes`);
      const outLeft = state.counts[0]!;
      const inAfter = state.counts[1]!;
      if (outLeft < OUT_BYTES) parts.push(Buffer.from(buffer.subarray(0, OUT_BYTES - outLeft)));
      inOff += inLeft - inAfter;
      inLeft = inAfter;
      // A full output buffer may hold back more: call again, as zlib asks.
      if (outLeft !== 0) break;
    }
  } catch (e) {
    // A state that failed is not trusted again.
    states.set(level, null);
    state.stream.close();
    throw e;
  }
  state.handle.reset();
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
