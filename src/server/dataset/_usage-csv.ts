import type { UsageTable } from './usage-table.js';
import { parseDay } from '../_days.js';
import { DatasetError } from './dataset-error.js';
import { UsageTotals } from './_usage-totals.js';
import { usageRowProblem, type UsageModel } from './_usage-rules.js';

export const USAGE_CSV_HEADER =
  'date,key_id,model,prompt_tokens,completion_tokens,cache_read_input_tokens,cache_creation_input_tokens,request_count,spend_micro_usd';

const COLS = 9;
/** The six integer columns in file order (the table's nums order). */
const USAGE_COLUMNS = ['prompt_tokens', 'completion_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens', 'request_count', 'spend_micro_usd'];

/**
 * Parses an organization's `usage.csv` into a day-sorted UsageTable. Parsing works on bytes (no
 * per-line strings) because a benchmark organization has hundreds of thousands of rows.
 */
export function parseUsageCsv(
  buf: Buffer,
  file: string,
  keyIndex: ReadonlyMap<string, number>,
  modelIndex: ReadonlyMap<string, number>,
  /** The dataset's models, by the indexes of `modelIndex`. */
  models: readonly UsageModel[],
): UsageTable {
  let lines = 0;
  for (let i = 0; i < buf.length; i++) if (buf[i] === 10) lines++;
  const cap = lines + 1;
  const day = new Int32Array(cap), key = new Int32Array(cap), model = new Int32Array(cap);
  const nums = [new Float64Array(cap), new Float64Array(cap), new Float64Array(cap), new Float64Array(cap), new Float64Array(cap), new Float64Array(cap)];
  // Ids are looked up by their bytes read as latin1 (cheaper than utf8 decoding for every row).
  const keysByBytes = new Map([...keyIndex].map(([id, i]) => [Buffer.from(id, 'utf8').toString('latin1'), i]));
  const modelsByBytes = new Map([...modelIndex].map(([id, i]) => [Buffer.from(id, 'utf8').toString('latin1'), i]));
  let prevDateStart = -1, prevDay = 0;
  let pos = buf.indexOf(10);
  const header = buf.toString('utf8', 0, pos < 0 ? buf.length : pos).trim();
  if (header !== USAGE_CSV_HEADER) throw new DatasetError(file, 'line 1', `header must be "${USAGE_CSV_HEADER}"`);
  pos = pos < 0 ? buf.length : pos + 1;
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  let n = 0, lineNo = 1, sorted = true;
  const totals = new UsageTotals();
  const fail = (reason: string): never => {
    throw new DatasetError(file, `line ${lineNo}`, reason);
  };
  while (pos < bytes.length) {
    lineNo++;
    let end = buf.indexOf(10, pos);
    if (end < 0) end = bytes.length;
    let stop = end;
    if (stop > pos && bytes[stop - 1] === 13) stop--;
    if (stop > pos) {
      // The three text columns are found with the native indexOf; the six integers are parsed inline.
      const c1 = buf.indexOf(44, pos), c2 = c1 < 0 ? -1 : buf.indexOf(44, c1 + 1), c3 = c2 < 0 ? -1 : buf.indexOf(44, c2 + 1);
      if (c3 < 0 || c3 > stop) fail(`expected ${COLS} columns`);
      // Rows come day by day, so the date is almost always the previous row's: compare bytes first.
      if (prevDateStart < 0 || c1 - pos !== 10 || buf.compare(buf, prevDateStart, prevDateStart + 10, pos, c1) !== 0) {
        const text = buf.toString('latin1', pos, c1);
        const d = parseDay(text);
        if (d === undefined) fail(`date "${text}" is not YYYY-MM-DD`);
        prevDay = d!;
      }
      prevDateStart = pos;
      day[n] = prevDay;
      const k = keysByBytes.get(buf.toString('latin1', c1 + 1, c2));
      if (k === undefined) fail(`key_id "${buf.toString('utf8', c1 + 1, c2)}" is not a key of the organization`);
      key[n] = k!;
      if (c3 === c2 + 1) model[n] = -1;
      else {
        const m = modelsByBytes.get(buf.toString('latin1', c2 + 1, c3));
        if (m === undefined) fail(`model "${buf.toString('utf8', c2 + 1, c3)}" is not in dataset.json models`);
        model[n] = m!;
      }
      let j = c3 + 1;
      for (let col = 0; col < 6; col++) {
        let v = 0;
        const from = j;
        while (j < stop) {
          const c = bytes[j]!;
          if (c === 44) break;
          const digit = c - 48;
          if (digit < 0 || digit > 9) fail(`column ${col + 4} must be a non-negative integer`);
          v = v * 10 + digit;
          j++;
        }
        if (j === from) fail(`column ${col + 4} is empty`);
        if (v > Number.MAX_SAFE_INTEGER) fail(`column ${col + 4} (${USAGE_COLUMNS[col]}) is past 2^53 − 1 (${Number.MAX_SAFE_INTEGER}), so it cannot be summed exactly`);
        nums[col]![n] = v;
        if (col < 5) {
          if (bytes[j] !== 44) fail(`expected ${COLS} columns`);
          j++;
        }
      }
      if (j !== stop) fail(`expected ${COLS} columns`);
      const broken = usageRowProblem(nums, n, model[n]!, models);
      if (broken) fail(broken);
      const over = totals.add(nums, n);
      if (over) fail(over);
      if (n > 0 && day[n]! < day[n - 1]!) sorted = false;
      n++;
    }
    pos = end + 1;
  }
  const table: UsageTable = {
    length: n,
    day: day.subarray(0, n),
    key: key.subarray(0, n),
    model: model.subarray(0, n),
    prompt: nums[0]!.subarray(0, n),
    completion: nums[1]!.subarray(0, n),
    cacheRead: nums[2]!.subarray(0, n),
    cacheCreation: nums[3]!.subarray(0, n),
    requests: nums[4]!.subarray(0, n),
    spendMicro: nums[5]!.subarray(0, n),
  };
  return sorted ? table : sortByDay(table);
}

function sortByDay(t: UsageTable): UsageTable {
  const order = Array.from({ length: t.length }, (_, i) => i).sort((a, b) => t.day[a]! - t.day[b]! || a - b);
  const pick = <A extends Int32Array | Float64Array>(src: A): A => {
    const out = new (src.constructor as new (n: number) => A)(t.length);
    for (let i = 0; i < order.length; i++) out[i] = src[order[i]!]!;
    return out;
  };
  return {
    length: t.length,
    day: pick(t.day), key: pick(t.key), model: pick(t.model),
    prompt: pick(t.prompt), completion: pick(t.completion), cacheRead: pick(t.cacheRead),
    cacheCreation: pick(t.cacheCreation), requests: pick(t.requests), spendMicro: pick(t.spendMicro),
  };
}
