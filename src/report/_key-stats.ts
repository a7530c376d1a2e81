import type { KeyFieldValue } from '../model/index.js';
import { textWidth } from './_text.js';
import { tokenBuckets, type TokenGroupLike } from './_tokens.js';
import type { KeyRow, SliceRow } from './key-store.js';

/** What the stats read of a key: a `KeyRow`, or the API's entry as it arrives (no row made for it). */
export type KeyStatsInput = TokenGroupLike & {
  id: string;
  name: string;
  key_prefix: string;
  product?: string | null | undefined;
  recipient_email?: string | null | undefined;
  fields?: Record<string, KeyFieldValue> | null | undefined;
  service?: SliceRow | null | undefined;
  external?: SliceRow | null | undefined;
};

/** Distinct texts kept per field (or for products) before a store stops keeping them. */
const DISTINCT_CAP = 10_000;

/** The Keys sheet's texts read straight from a key, in its column order: id, name, prefix, recipient. */
export const KEY_TEXTS = 4;
/** Its numbers, in its column order without DKK: USD, the token buckets, hosted tokens and requests, external tokens and requests. */
export const KEY_NUMBERS = 11;

/** The texts a column shows, as far as its width needs them: the widest, and each distinct one (up to a cap). */
export class DistinctTexts {
  widest = 0;
  readonly values = new Set<string>();
  capped = false;

  constructor(private readonly cap: number) {}

  add(text: string): void {
    // textWidth is at most twice the length: a text that short cannot be the widest.
    if (text.length * 2 > this.widest) this.widest = Math.max(this.widest, textWidth(text));
    if (this.capped || this.values.has(text)) return;
    if (this.values.size >= this.cap) this.capped = true;
    else this.values.add(text);
  }
}

/** One key field's values over the keys: its texts and which booleans occur. */
export interface FieldValues {
  texts: DistinctTexts;
  yes: boolean;
  no: boolean;
}

/**
 * What the Keys sheet's column widths need of its keys, gathered a key at a time: the widest
 * text of each text column, the distinct products and key-field values (their labels are only
 * known to the sheet, in its language), and the largest number and the sum of each number
 * column, in row order. A `KeyStore` gathers them as keys arrive, so the sheet does not read
 * 100,000 packed rows once more only to size its columns.
 */
export class KeyStats {
  // Typed arrays: a plain array's map changes with what it holds (whole numbers, then the first
  // fraction), differently from one organization's keys to the next, and each change threw away
  // the Keys sheet's optimized code (a month end compiled it five times).
  readonly textWidths = new Float64Array(KEY_TEXTS);
  readonly products: DistinctTexts;
  readonly fields = new Map<string, FieldValues>();
  readonly largest = new Float64Array(KEY_NUMBERS);
  readonly sums = new Float64Array(KEY_NUMBERS);

  constructor(private readonly cap = DISTINCT_CAP) {
    this.products = new DistinctTexts(cap);
  }

  /** Stats of `rows`, every distinct value kept (a source that gathered none). */
  static of(rows: Iterable<KeyRow>): KeyStats {
    const stats = new KeyStats(Infinity);
    for (const row of rows) stats.add(row, row.usd);
    return stats;
  }

  /** Whether a distinct set stopped at its cap (the sheet then reads the keys for their stats). */
  get capped(): boolean {
    if (this.products.capped) return true;
    for (const f of this.fields.values()) if (f.texts.capped) return true;
    return false;
  }

  /** One key; `usd` is its spend as plain decimal text. */
  add(key: KeyStatsInput, usd: string): void {
    this.text(0, key.id);
    this.text(1, key.name);
    this.text(2, key.key_prefix);
    if (key.recipient_email) this.text(3, key.recipient_email);
    if (key.product) this.products.add(key.product);
    const fields = key.fields;
    if (fields) for (const name of Object.keys(fields)) this.field(name, fields[name]!);
    this.number(0, Number(usd));
    const buckets = tokenBuckets(key);
    for (let i = 0; i < buckets.length; i++) this.number(1 + i, buckets[i]);
    this.number(7, key.service?.total_tokens);
    this.number(8, key.service?.request_count);
    this.number(9, key.external?.total_tokens);
    this.number(10, key.external?.request_count);
  }

  private text(i: number, v: string): void {
    if (v.length * 2 > this.textWidths[i]!) this.textWidths[i] = Math.max(this.textWidths[i]!, textWidth(v));
  }

  private field(name: string, value: KeyFieldValue): void {
    let f = this.fields.get(name);
    if (!f) {
      f = { texts: new DistinctTexts(this.cap), yes: false, no: false };
      this.fields.set(name, f);
    }
    if (typeof value === 'boolean') {
      if (value) f.yes = true;
      else f.no = true;
    } else f.texts.add(value);
  }

  private number(i: number, v: number | undefined): void {
    if (v === undefined) return;
    this.sums[i]! += v;
    if (Math.abs(v) > this.largest[i]!) this.largest[i] = Math.abs(v);
  }
}
