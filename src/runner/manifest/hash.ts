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
  const hash = createHash('sha256');
  // The same text as one update per value, gathered into pieces of about 64 K characters: each
  // update crosses into the hash's native code, which cost more than the JSON of a key's row.
  let pending = '';
  const put = (value: unknown) => {
    pending += `${JSON.stringify(value)}\n`;
    if (pending.length >= 1 << 16) {
      hash.update(pending);
      pending = '';
    }
  };
  const { keyUsage, keyUsageByMonth, ...rest } = data;
  put(rest);
  const putUsage = (usage: { keys: { length: number; rows(): Iterable<unknown> } }) => {
    const { keys, ...head } = usage;
    put(head);
    put(keys.length);
    for (const row of keys.rows()) put(row);
  };
  // Without usage nothing more: its absence and why are in `rest`.
  if (keyUsage) putUsage(keyUsage);
  for (const month of keyUsageByMonth) {
    put(month.month);
    // A one-month period's weights are the period's own keys: hashed once above.
    if (month.keyUsage === keyUsage) put('same');
    else putUsage(month.keyUsage);
  }
  hash.update(pending);
  return hash.digest('hex');
}
