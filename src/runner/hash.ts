import { createHash } from 'node:crypto';

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
