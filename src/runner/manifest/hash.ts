import { createHash } from 'node:crypto';
import { compareText } from '../../core/index.js';
import type { CostReportData } from '../../report/index.js';
import type { ReceivedAnswer } from '../unit/answer-tap.js';

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

/** A request of an invoice's PDF from the service: never a source of a workbook (see sha256OfAnswers). */
const SERVICE_PDF = /\/invoices\/[^/?]+\/pdf$/;

/**
 * Hex sha256 of what an organization's cost workbook is made from, by the answers its run received
 * (its kept answers, `answers/index.json`), ordered by method and path (a request's answers in the
 * order they came: a retry after its failure), each a line, the JSON
 * array `[method, path, status, failed, withheld, bytes, sha256, cut]` (null, false or null where
 * the index has no such field; bytes and sha256 null for an answer not kept), requests of an
 * invoice's PDF left out (a rerun that finds the service's PDF current asks nothing for it). The
 * answers' sha256s are taken as they came, so the records are not turned into JSON again to be
 * hashed (about 0.5 ms of CPU an organization, half of it a 120 KB text made and thrown away), and
 * anyone can check a workbook's source against its kept answers with the index alone.
 */
export function sha256OfAnswers(answers: readonly ReceivedAnswer[]): string {
  const hash = createHash('sha256');
  // By request, each request's answers in the order they came (sort is stable): the order of
  // different requests' retries follows their backoff's jitter in a run and not in verify's replay.
  const byRequest = answers.filter((a) => !SERVICE_PDF.test(a.path)).sort((x, y) => compareText(`${x.method} ${x.path}`, `${y.method} ${y.path}`));
  for (const a of byRequest) {
    const kept = a.failed === undefined && a.withheld === undefined;
    hash.update(`${JSON.stringify([a.method, a.path, a.status ?? null, a.failed ?? null, a.withheld !== undefined, kept ? a.bytes ?? null : null, kept ? a.sha256 ?? null : null, a.cut === true])}\n`);
  }
  return hash.digest('hex');
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
