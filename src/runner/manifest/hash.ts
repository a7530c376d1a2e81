import { createHash } from 'node:crypto';
import type { CostReportData } from '../../report/index.js';

/** Hex sha256 of bytes or UTF-8 text. */
export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Hex sha256 of a parsed record, by its JSON form (Decimal values serialize as their exact
 * strings), for sources that are not one raw API text (e.g. the cost workbook's records).
 */
export function sha256OfRecord(value: unknown): string {
  return sha256(JSON.stringify(value));
}

/**
 * Hex sha256 of what a cost workbook is built from, by content: each record's JSON (Decimal
 * values as their exact strings), the key lists a row at a time through their `rows()`, never
 * the in-memory form of the store holding them, so the hash is the same however the keys are
 * held and no text the size of all keys is ever made.
 */
export function sha256OfCostData(data: CostReportData): string {
  const hash = new ChunkedJsonHash();
  const { keyUsage, keyUsageByMonth, ...rest } = data;
  hash.put(rest);
  // Without usage nothing more: its absence and why are in `rest`.
  if (keyUsage) hash.putUsage(keyUsage);
  for (const month of keyUsageByMonth) {
    hash.put(month.month);
    // A one-month period's weights are the period's own keys: hashed once above.
    if (month.keyUsage === keyUsage) hash.put('same');
    else hash.putUsage(month.keyUsage);
  }
  return hash.digest();
}

/** Characters fed to ChunkedJsonHash's hash at a time. */
const PIECE = 1 << 16;

/**
 * sha256 of values as JSON, a line each, fed to the hash in pieces of about 64 K characters: each
 * update crosses into the hash's native code, which cost more than the JSON of a key's row. A
 * class, not closures made per call: V8 drops a closure's optimized code at each full collection
 * and compiles it again (bench/README.md, issue 42).
 */
class ChunkedJsonHash {
  private readonly hash = createHash('sha256');
  private pending = '';

  put(value: unknown): void {
    const json = JSON.stringify(value);
    if (json.length >= PIECE) {
      // A large value (a year's monthly usage, 60 K characters) goes to the hash as it is, not copied into `pending` first.
      this.hash.update(this.pending);
      this.hash.update(json);
      this.pending = '\n';
      return;
    }
    this.pending += `${json}\n`;
    if (this.pending.length >= PIECE) {
      this.hash.update(this.pending);
      this.pending = '';
    }
  }

  /** A key usage record: its other members, its key count, then each key's row. */
  putUsage(usage: { keys: { length: number; rows(): Iterable<unknown> } }): void {
    const { keys, ...head } = usage;
    this.put(head);
    this.put(keys.length);
    for (const row of keys.rows()) this.put(row);
  }

  digest(): string {
    this.hash.update(this.pending);
    return this.hash.digest('hex');
  }
}
