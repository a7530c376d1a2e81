import type { KeyFieldValue, KeyUsageEntry } from '../model/index.js';

/** Tokens and requests of one side of the hosted/external split. */
export interface SliceRow {
  total_tokens: number;
  request_count: number;
}

/** What the cost workbook reads of one key: no per-model detail, USD as its decimal text. */
export interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  /** `spend_usd` as plain decimal text (never exponent notation). */
  usd: string;
  product: string | null;
  recipient_email: string | null;
  fields: Record<string, KeyFieldValue> | null;
  prompt_tokens: number | undefined;
  completion_tokens: number | undefined;
  total_tokens: number;
  request_count: number;
  cache_read_input_tokens: number | undefined;
  cache_creation_input_tokens: number | undefined;
  service: SliceRow | null;
  external: SliceRow | null;
}

/** Keys as the workbook reads them: a count and rows that can be read more than once. */
export interface KeySource {
  readonly length: number;
  rows(): Iterable<KeyRow>;
}

/** Size of the buffers rows are written into. */
const CHUNK_BYTES = 1 << 20;
/** Row text gathered before it is written into a buffer: small enough to die young. */
const BATCH_CHARS = 16 * 1024;

type Packed = [string, string, string, string, string | null, string | null, Record<string, KeyFieldValue> | null, ...Array<number | null>];

const orNull = (n: number | undefined) => (n === undefined ? null : n);
const orUndefined = (n: number | null | undefined) => (n === null || n === undefined ? undefined : n);

/** The row of `key` (shared by the store and plain arrays). */
export function keyRowOf(key: KeyUsageEntry): KeyRow {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.key_prefix,
    usd: key.spend_usd.toFixed(),
    product: key.product ?? null,
    recipient_email: key.recipient_email ?? null,
    fields: key.fields ?? null,
    prompt_tokens: key.prompt_tokens,
    completion_tokens: key.completion_tokens,
    total_tokens: key.total_tokens,
    request_count: key.request_count,
    cache_read_input_tokens: key.cache_read_input_tokens,
    cache_creation_input_tokens: key.cache_creation_input_tokens,
    service: key.service ? { total_tokens: key.service.total_tokens, request_count: key.service.request_count } : null,
    external: key.external ? { total_tokens: key.external.total_tokens, request_count: key.external.request_count } : null,
  };
}

/**
 * Keys held compactly for very large organizations: each key's row (no per-model detail) as a
 * short JSON array, written into UTF-8 buffers of about a megabyte. 100,000 keys take about
 * 17 MB here against about 340 MB as parsed records (Decimal objects, model lists).
 * Rows are decoded a batch at a time while they are read, and can be read any number of times.
 */
export class KeyStore implements KeySource {
  private readonly chunks: Buffer[] = [];
  /** Per chunk: start and end offsets of each batch of rows written into it. */
  private readonly batches: number[][] = [];
  private currentBatches: number[] = [];
  private current: Buffer | null = null;
  private used = 0;
  /** The last few rows' text, not yet written into `current`. */
  private pending = '';
  private count = 0;

  /** A store holding `keys` (e.g. the keys of a record already in memory). */
  static of(keys: Iterable<KeyUsageEntry>): KeyStore {
    const store = new KeyStore();
    for (const key of keys) store.add(key);
    return store;
  }

  /** Number of keys added. */
  get length(): number {
    return this.count;
  }

  /** Bytes held by the packed rows. */
  get bytes(): number {
    return this.chunks.reduce((n, c) => n + c.length, 0) + this.used + this.pending.length;
  }

  /**
   * Adds one key (its row; the model list is not kept). The packed array is built straight from
   * the key, in the order `unpack` reads (no KeyRow in between), and its text goes into a buffer
   * within a few rows. Rows kept as strings until a megabyte was gathered (as before) outlived
   * the young generation: V8 copied them to the old space, where they stayed as garbage. Measured
   * on `svc report cost` with 100,000 keys: old space at the end of the fetch 46-65 MB → 23-25 MB.
   */
  add(key: KeyUsageEntry): void {
    const s = key.service;
    const x = key.external;
    const packed: Packed = [
      key.id, key.name, key.key_prefix, key.spend_usd.toFixed(), key.product ?? null, key.recipient_email ?? null, key.fields ?? null,
      orNull(key.prompt_tokens), orNull(key.completion_tokens), key.total_tokens, key.request_count,
      orNull(key.cache_read_input_tokens), orNull(key.cache_creation_input_tokens),
      s ? s.total_tokens : null, s ? s.request_count : null, x ? x.total_tokens : null, x ? x.request_count : null,
    ];
    const text = JSON.stringify(packed);
    this.pending = this.pending ? `${this.pending},${text}` : text;
    this.count++;
    // One Buffer.write per batch of rows: a write per row cost more than the rest of `add`.
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  /** Writes the pending rows into the current buffer (a new one when they do not fit). */
  private flush(): void {
    if (!this.pending) return;
    const need = Buffer.byteLength(this.pending) + 1;
    if (this.current && this.used + need > this.current.length) this.seal();
    if (!this.current) {
      // Not from the shared pool: each buffer is kept for as long as the store.
      this.current = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, need));
      this.used = 0;
    }
    if (this.used > 0) this.current[this.used++] = 0x2c;
    const start = this.used;
    this.used += this.current.write(this.pending, this.used, 'utf8');
    this.currentBatches.push(start, this.used);
    this.pending = '';
  }

  /** Keeps the current buffer's written part (a copy when much of it is unused); the next rows start a new one. */
  private seal(): void {
    if (!this.current || this.used === 0) return;
    const full = this.current.subarray(0, this.used);
    this.chunks.push(this.used < this.current.length / 2 ? Buffer.from(full) : full);
    this.batches.push(this.currentBatches);
    this.currentBatches = [];
    this.current = null;
    this.used = 0;
  }

  *rows(): Iterable<KeyRow> {
    this.flush();
    this.seal();
    // A batch (about 16 KB) at a time, not a whole buffer: the rows of a megabyte outlived the
    // young generation and became old-space garbage on every pass over the keys.
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      const batches = this.batches[c]!;
      for (let b = 0; b < batches.length; b += 2) {
        const packed = JSON.parse(`[${chunk.toString('utf8', batches[b], batches[b + 1])}]`) as Packed[];
        for (const p of packed) yield unpack(p);
      }
    }
  }
}

function unpack(p: Packed): KeyRow {
  const n = p as unknown as Array<number | null>;
  return {
    id: p[0],
    name: p[1],
    key_prefix: p[2],
    usd: p[3],
    product: p[4],
    recipient_email: p[5],
    fields: p[6],
    prompt_tokens: orUndefined(n[7]),
    completion_tokens: orUndefined(n[8]),
    total_tokens: n[9]!,
    request_count: n[10]!,
    cache_read_input_tokens: orUndefined(n[11]),
    cache_creation_input_tokens: orUndefined(n[12]),
    service: n[13] === null ? null : { total_tokens: n[13]!, request_count: n[14]! },
    external: n[15] === null ? null : { total_tokens: n[15]!, request_count: n[16]! },
  };
}

/** The keys of a record (array) or a store, as a source the workbook reads. */
export function keySource(keys: ReadonlyArray<KeyUsageEntry> | KeySource): KeySource {
  if (!Array.isArray(keys)) return keys as KeySource;
  const list = keys as ReadonlyArray<KeyUsageEntry>;
  return {
    length: list.length,
    *rows() {
      for (const key of list) yield keyRowOf(key);
    },
  };
}
