import type { UsageTable } from './usage-table.js';
import { DatasetError } from './dataset-error.js';
import { UsageTotals } from './_usage-totals.js';
import { usageRowProblem, type UsageModel } from './_usage-rules.js';

/**
 * `usage.bin`: the same rows as `usage.csv` in columns, for large generated datasets (no parsing
 * on load). Layout: the line `SVCUSAGE1 {"rows":N,"keys":[ids],"models":[ids]}\n`, spaces up to a
 * multiple of 8 bytes, then little-endian columns of N values each: prompt, completion, cache read,
 * cache creation, requests, spend in micro-dollars (float64 holding non-negative integers), then
 * day (int32, days since 1970-01-01), key (int32, index into `keys`), model (int32, index into
 * `models`, -1 = none). Rows are sorted by day.
 */
export const USAGE_BIN_MAGIC = 'SVCUSAGE1 ';

export interface UsageColumns {
  length: number;
  day: Int32Array;
  key: Int32Array;
  model: Int32Array;
  nums: Float64Array[]; // prompt, completion, cacheRead, cacheCreation, requests, spendMicro
}

export function encodeUsageBin(cols: UsageColumns, keyIds: readonly string[], modelIds: readonly string[]): Buffer {
  const n = cols.length;
  let header = USAGE_BIN_MAGIC + JSON.stringify({ rows: n, keys: keyIds, models: modelIds });
  const headerBytes = Buffer.byteLength(header) + 1;
  header += ' '.repeat((8 - (headerBytes % 8)) % 8) + '\n';
  const head = Buffer.from(header, 'utf8');
  const out = Buffer.alloc(head.length + n * (3 * 4 + 6 * 8));
  head.copy(out, 0);
  let off = head.length;
  for (const col of cols.nums) {
    out.set(new Uint8Array(col.buffer, col.byteOffset, n * 8), off);
    off += n * 8;
  }
  for (const col of [cols.day, cols.key, cols.model]) {
    out.set(new Uint8Array(col.buffer, col.byteOffset, n * 4), off);
    off += n * 4;
  }
  return out;
}

export function parseUsageBin(
  buf: Buffer,
  file: string,
  keyIndex: ReadonlyMap<string, number>,
  modelIndex: ReadonlyMap<string, number>,
  /** The dataset's models, by the indexes of `modelIndex`. */
  models: readonly UsageModel[],
): UsageTable {
  const nl = buf.indexOf(10);
  if (nl < 0 || buf.toString('latin1', 0, USAGE_BIN_MAGIC.length) !== USAGE_BIN_MAGIC) throw new DatasetError(file, 'header', `must start with "${USAGE_BIN_MAGIC}"`);
  let head: { rows: number; keys: string[]; models: string[] };
  try {
    head = JSON.parse(buf.toString('utf8', USAGE_BIN_MAGIC.length, nl));
  } catch {
    throw new DatasetError(file, 'header', 'is not JSON');
  }
  const n = head.rows;
  const start = nl + 1;
  if (start % 8 !== 0 || buf.length !== start + n * 60) throw new DatasetError(file, 'header', `size does not match ${n} rows`);
  // Copy into a fresh aligned buffer so typed arrays can view it directly.
  const data = new ArrayBuffer(n * 60);
  new Uint8Array(data).set(buf.subarray(start));
  const num = (i: number) => new Float64Array(data, i * n * 8, n);
  const day = new Int32Array(data, n * 48, n), key = new Int32Array(data, n * 52, n), model = new Int32Array(data, n * 56, n);
  const keyMap = Int32Array.from(head.keys, (id) => {
    const k = keyIndex.get(id);
    if (k === undefined) throw new DatasetError(file, 'header.keys', `"${id}" is not a key of the organization`);
    return k;
  });
  const modelMap = Int32Array.from(head.models, (id) => {
    const m = modelIndex.get(id);
    if (m === undefined) throw new DatasetError(file, 'header.models', `"${id}" is not in dataset.json models`);
    return m;
  });
  for (let r = 0; r < n; r++) {
    const k = keyMap[key[r]!], m = model[r]!;
    if (k === undefined) throw new DatasetError(file, `row ${r + 1}`, 'key index out of range');
    key[r] = k;
    if (m !== -1) {
      const mm = modelMap[m];
      if (mm === undefined) throw new DatasetError(file, `row ${r + 1}`, 'model index out of range');
      model[r] = mm;
    }
    if (r > 0 && day[r]! < day[r - 1]!) throw new DatasetError(file, `row ${r + 1}`, 'rows must be sorted by day');
  }
  const nums = [0, 1, 2, 3, 4, 5].map(num);
  for (const col of nums) {
    for (let r = 0; r < n; r++) {
      const v = col[r]!;
      if (!(v >= 0) || !Number.isSafeInteger(v)) throw new DatasetError(file, `row ${r + 1}`, 'figures must be non-negative integers up to 2^53 − 1');
    }
  }
  const totals = new UsageTotals();
  for (let r = 0; r < n; r++) {
    const broken = usageRowProblem(nums, r, model[r]!, models);
    if (broken) throw new DatasetError(file, `row ${r + 1}`, broken);
    const over = totals.add(nums, r);
    if (over) throw new DatasetError(file, `row ${r + 1}`, over);
  }
  return {
    length: n, day, key, model,
    prompt: nums[0]!, completion: nums[1]!, cacheRead: nums[2]!, cacheCreation: nums[3]!, requests: nums[4]!, spendMicro: nums[5]!,
  };
}
