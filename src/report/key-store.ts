import type { KeyFieldValue, KeyUsageEntry } from '../model/index.js';
import { DistinctIds } from './_distinct-ids.js';
import { KeyStats } from './_key-stats.js';
import { PackedRows } from './_packed-rows.js';

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

/** What a month's DKK is split by: each key's id and its USD as plain decimal text. */
export interface KeyWeight {
  id: string;
  usd: string;
}

/** Key weights that can be read more than once (a `KeySource` is one too). */
export interface WeightSource {
  readonly length: number;
  rows(): Iterable<KeyWeight>;
  /** Each row's USD alone, in row order, where the source can give it cheaper than `rows`. */
  usds?(): Iterable<string>;
  /**
   * true where the source knows that no two of its rows have the same id (the workbook's check for
   * repeated keys then reads no rows); false, undefined or absent: the check reads the rows.
   */
  readonly idsDistinct?: boolean | undefined;
}

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
 * short JSON array in UTF-8 buffers (`PackedRows`). 100,000 keys take about 17 MB here against
 * about 340 MB as parsed records (Decimal objects, model lists). Rows are decoded a batch at a
 * time while they are read, and can be read any number of times.
 */
export class KeyStore implements KeySource {
  private readonly packed = new PackedRows<Packed>();
  // The USD again, on its own (about 12 bytes a key): the DKK allocation reads only it, and
  // unpacking every whole row for it was a third of the Keys sheet's reading.
  private readonly usd = new PackedRows<string>();
  /** What the Keys sheet's column widths need, gathered as keys are added (see `KeyStats`). */
  readonly stats = new KeyStats();
  private readonly ids = new DistinctIds();

  /** A store holding `keys` (e.g. the keys of a record already in memory). */
  static of(keys: Iterable<KeyUsageEntry>): KeyStore {
    const store = new KeyStore();
    for (const key of keys) store.add(key);
    return store;
  }

  /** Number of keys added. */
  get length(): number {
    return this.packed.length;
  }

  /** Bytes held by the packed rows. */
  get bytes(): number {
    return this.packed.bytes + this.usd.bytes;
  }

  /**
   * Adds one key (its row; the model list is not kept). The packed array is built straight from
   * the key, in the order `unpack` reads (no KeyRow in between).
   */
  add(key: KeyUsageEntry): void {
    const s = key.service;
    const x = key.external;
    const usd = key.spend_usd.toFixed();
    this.stats.add(key, usd);
    this.ids.add(key.id);
    this.usd.add(usd);
    this.packed.add([
      key.id, key.name, key.key_prefix, usd, key.product ?? null, key.recipient_email ?? null, key.fields ?? null,
      orNull(key.prompt_tokens), orNull(key.completion_tokens), key.total_tokens, key.request_count,
      orNull(key.cache_read_input_tokens), orNull(key.cache_creation_input_tokens),
      s ? s.total_tokens : null, s ? s.request_count : null, x ? x.total_tokens : null, x ? x.request_count : null,
    ]);
  }

  rows(): Iterable<KeyRow> {
    const packed = this.packed.rows();
    // A small store's rows come as one array: unpacked into one (no generator step per row).
    if (Array.isArray(packed)) {
      const rows: KeyRow[] = new Array(packed.length);
      for (let i = 0; i < packed.length; i++) rows[i] = unpack(packed[i] as Packed);
      return rows;
    }
    return unpackEach(packed);
  }

  usds(): Iterable<string> {
    return this.usd.rows();
  }

  /** True when no two keys added have the same id, as far as the store kept track (see `DistinctIds`); else undefined or false. */
  get idsDistinct(): boolean | undefined {
    return this.ids.distinct;
  }
}

/**
 * Only what allocating a month's DKK reads of each key, its id and USD (about 30 bytes a key):
 * the per-month key usage of a several-month workbook, where a full `KeyStore` per month held
 * 17 MB a month at 100,000 keys.
 */
export class KeyWeightStore implements WeightSource {
  private readonly packed = new PackedRows<[string, string]>();
  private readonly ids = new DistinctIds();

  get length(): number {
    return this.packed.length;
  }

  get bytes(): number {
    return this.packed.bytes;
  }

  /** As `KeyStore.idsDistinct`. */
  get idsDistinct(): boolean | undefined {
    return this.ids.distinct;
  }

  add(key: KeyUsageEntry): void {
    this.ids.add(key.id);
    this.packed.add([key.id, key.spend_usd.toFixed()]);
  }

  *rows(): Iterable<KeyWeight> {
    for (const [id, usd] of this.packed.rows()) yield { id, usd };
  }
}

function* unpackEach(packed: Iterable<Packed>): Iterable<KeyRow> {
  for (const p of packed) yield unpack(p);
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

/** No keys (a month the period's key usage was not fetched for). */
export const NO_WEIGHTS: WeightSource = { length: 0, rows: () => [] };

/** Whether a key's USD (plain decimal text) is a credit: negative spend, given back by the service. */
export function isCredit(usd: string): boolean {
  return usd.startsWith('-') && /[1-9]/.test(usd);
}
