import { Decimal } from '../../money/index.js';
import type { KeyField, KeyFieldValue } from '../../model/index.js';
import { fieldValue } from '../../model/index.js';
import { formatNumber } from '../../locale/index.js';
import { formatMinor } from '../../money/index.js';
import { headerWidth, numberRepeats, valueWidth, type CellInput, type Column } from '../_columns.js';
import { fieldGroupKey, kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { TOKEN_COLUMNS, tokenBucketsInto } from '../_tokens.js';
import { textWidth } from '../_text.js';
import { addSheet } from '../_workbook.js';
import { KEY_NUMBERS, KeyStats } from '../_key-stats.js';
import { isCredit, KeyStore, type KeyRow } from '../key-store.js';
import type { KeyUsageInput } from '../types.js';

/** Rows between pauses that let the output take what has been written. */
const BATCH = 2000;
/** Columns before the key-field columns: id, name, prefix, product, recipient. */
const LEAD = 5;
/** 0-based columns of the texts `KeyStats` measures (id, name, prefix, recipient), and of the product. */
const TEXT_COLUMNS = [0, 1, 2, 4];
const PRODUCT_COLUMN = 3;
/** Columns repeated on each printed page when the sheet is wider than a page: the key's id and name. */
const REPEAT = 2;

/** 1-based column of DKK on the Keys sheet. */
export function keysDkkColumn(fieldCount: number): number {
  return LEAD + fieldCount + 2;
}

/** How a key field's values are shown: a select's option labels, booleans as yes/no. */
interface FieldLabels {
  select: boolean;
  options: Map<KeyFieldValue, string>;
  yes: string;
  no: string;
}

function fieldLabels(field: KeyField, yes: string, no: string): FieldLabels {
  const options = new Map<KeyFieldValue, string>();
  for (const o of field.options ?? []) options.set(o.key, o.label);
  return { select: field.type === 'select', options, yes, no };
}

function labelOf(labels: FieldLabels, value: KeyFieldValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  return labels.select ? (labels.options.get(value) ?? value) : value;
}

/**
 * Fills `row` (one array for every row of the sheet: the table writer keeps nothing of it) with
 * `key`'s cells. Module functions and plain objects rather than closures made per workbook: V8
 * drops a closure's optimized code at each full collection (bench/README.md, issue 42).
 */
function fillKeyRow(row: CellInput[], key: KeyRow, fields: KeyField[], labels: FieldLabels[], products: Map<string, string>, dkk: number | undefined): void {
  row[0] = key.id;
  row[1] = key.name;
  row[2] = key.key_prefix;
  row[3] = key.product ? (products.get(key.product) ?? key.product) : undefined;
  row[4] = key.recipient_email ?? undefined;
  let c = LEAD;
  for (let i = 0; i < fields.length; i++) row[c++] = labelOf(labels[i]!, fieldValue(key.fields, fields[i]!.key));
  row[c++] = Number(key.usd);
  row[c++] = dkk === undefined ? undefined : kroner(dkk);
  tokenBucketsInto(key, row, c);
  c += TOKEN_COLUMNS.length;
  row[c++] = key.service?.total_tokens;
  row[c++] = key.service?.request_count;
  row[c++] = key.external?.total_tokens;
  row[c] = key.external?.request_count;
}

/**
 * Keys: one row per key with its id (the name invoice lines use), name, field values (labels),
 * USD, DKK allocated from the months' DKK, the token group and the hosted/external split. A key
 * with negative spend is a credit: its USD and DKK are negative, the row green, and a line below
 * the table counts them. Rows are committed as they are made, so memory does not grow with the
 * number of keys; widths and sums come first, from what the key store gathered (`KeyStats`).
 */
export async function writeKeysSheet(ctx: CostContext, usage: KeyUsageInput): Promise<void> {
  const { w, keys: alloc } = ctx;
  const fields = usage.key_fields ?? [];
  // Read a row at a time: a compact store never unpacks whole.
  const keys = usage.keys;
  const labels: FieldLabels[] = [];
  for (const f of fields) labels.push(fieldLabels(f, w('yes'), w('no')));
  const productNames = new Map<string, string>();
  for (const p of ['connect', 'dev', 'service']) productNames.set(p, w(`products.${p}`));
  const lead: Column[] = [
    { header: w('columns.keyId'), kind: 'text' },
    { header: w('columns.name'), kind: 'text' },
    { header: w('columns.prefix'), kind: 'text' },
    { header: w('columns.product'), kind: 'text' },
    { header: w('columns.recipient'), kind: 'text' },
  ];
  const tail: Column[] = [{ header: w('columns.usd'), kind: 'usd' }, { header: w('columns.dkk'), kind: 'dkk' }];
  for (const k of TOKEN_COLUMNS) tail.push({ header: w(`columns.${k}`), kind: 'int' });
  tail.push({ header: w('columns.hostedTokens'), kind: 'int' }, { header: w('columns.hostedRequests'), kind: 'int' });
  tail.push({ header: w('columns.externalTokens'), kind: 'int' }, { header: w('columns.externalRequests'), kind: 'int' });
  // Key-field names as one-line headers, numbered where they repeat each other or one of the
  // sheet's own columns, so the sheet's columns keep their names in the Keys table.
  // Pushed one by one: array spreads here were where V8 dropped this function's optimized code.
  const names: string[] = [];
  for (const f of fields) names.push(f.display_name.replace(/\s+/g, ' ').trim() || '?');
  const own: string[] = [];
  for (const c of lead) own.push(c.header);
  for (const c of tail) own.push(c.header);
  const fieldHeaders = numberRepeats(names, own);
  const columns: Column[] = [];
  for (const c of lead) columns.push(c);
  for (const header of fieldHeaders) columns.push({ header, kind: 'text' });
  for (const c of tail) columns.push(c);
  const dkkIndex = keysDkkColumn(fields.length) - 1;
  const n = columns.length;
  // Widths from the longest text and the largest number per column, sums for the totals (the USD
  // total comes exact from the allocation): from what the store gathered as the keys came, or
  // from one reading of the keys where it gathered none (or stopped keeping distinct values).
  const stats = keys instanceof KeyStore && !keys.stats.capped ? keys.stats : KeyStats.of(keys.rows());
  // Typed arrays, as in KeyStats: their map stays the same whatever numbers they hold.
  const widths = new Float64Array(n);
  for (let i = 0; i < n; i++) widths[i] = headerWidth(columns[i]!.header);
  const sums = new Float64Array(n);
  const largest = new Float64Array(n);
  const widen = (i: number, width: number) => (widths[i] = Math.max(widths[i]!, width));
  for (let t = 0; t < TEXT_COLUMNS.length; t++) widen(TEXT_COLUMNS[t]!, stats.textWidths[t]!);
  for (const p of stats.products.values) widen(PRODUCT_COLUMN, textWidth(productNames.get(p) ?? p));
  for (let j = 0; j < fields.length; j++) {
    const seen = stats.fields.get(fields[j]!.key);
    if (!seen) continue;
    for (const text of seen.texts.values) {
      const label = labelOf(labels[j]!, text);
      if (label !== undefined) widen(LEAD + j, textWidth(label));
    }
    if (seen.yes) widen(LEAD + j, textWidth(labelOf(labels[j]!, true)!));
    if (seen.no) widen(LEAD + j, textWidth(labelOf(labels[j]!, false)!));
  }
  for (let k = 0; k < KEY_NUMBERS; k++) {
    const c = k === 0 ? dkkIndex - 1 : dkkIndex + k;
    sums[c] = stats.sums[k]!;
    largest[c] = stats.largest[k]!;
  }
  // Summed in row order, as the rows show them.
  for (const d of alloc.byRow) {
    if (d === undefined) continue;
    const v = kroner(d);
    sums[dkkIndex]! += v;
    if (Math.abs(v) > largest[dkkIndex]!) largest[dkkIndex] = Math.abs(v);
  }
  // Each key field's DKK per value, by the value itself while the rows are read (its group key,
  // JSON text, made once per value afterwards rather than once per key).
  const groups = fields.map(() => new Map<KeyFieldValue | undefined, number>());
  for (let i = 0; i < n; i++) widths[i] = Math.max(widths[i]!, valueWidth(largest[i], columns[i]!.kind), valueWidth(sums[i], columns[i]!.kind));
  const fitted = columns.map((c, i) => ({ ...c, width: Math.min(60, Math.max(10, widths[i]! + 2)) }));
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.keys, { ...ctx.page, repeatColumns: REPEAT }, 1, 'Keys'), ctx.styles, fitted);
  table.header({ [dkkIndex]: w('notes.keysDkk') });
  const plain: Look = 'plain';
  const estimated: Look[] = columns.map((_, i) => (i === dkkIndex ? 'estimated' : 'plain'));
  const credit: Look = 'credit';
  const creditEstimated: Look[] = columns.map((_, i) => (i === dkkIndex ? 'estimated' : 'credit'));
  // The rows in this function's own loop, not in a callback made per workbook: V8 drops a closure's
  // optimized code at each full collection (bench/README.md, issue 42).
  let k = 0;
  const row: CellInput[] = new Array(n);
  for (const key of keys.rows()) {
    const est = alloc.isEstimated(key.id, k);
    const dkk = alloc.dkkOf(key.id, k);
    if (dkk !== undefined) {
      for (let f = 0; f < fields.length; f++) {
        const g = fieldValue(key.fields, fields[f]!.key);
        groups[f]!.set(g, (groups[f]!.get(g) ?? 0) + dkk);
      }
    }
    fillKeyRow(row, key, fields, labels, productNames, dkk);
    table.data(row, isCredit(key.usd) ? (est ? creditEstimated : credit) : est ? estimated : plain);
    if (k++ % BATCH === BATCH - 1) await table.flushed();
  }
  fields.forEach((f, j) => ctx.fieldGroups.set(f.key, new Map([...groups[j]!].map(([value, dkk]) => [fieldGroupKey(value), dkk]))));
  const totals: Array<number | undefined> = Array.from(sums, (s, i) => (columns[i]!.kind === 'text' ? undefined : s));
  // The allocation summed the same keys' USD exactly (a Decimal sum here was about 5 % of the build in a profile).
  totals[dkkIndex - 1] = Number(alloc.usdTotal);
  totals[dkkIndex] = alloc.monthsMinor === 0 && alloc.keysWithDkk === 0 ? undefined : kroner(alloc.allocatedMinor);
  table.totals(w('total'), totals);
  table.skip();
  const fmt = (minor: number) => formatMinor(minor, ctx.locale.format.number);
  table.line([w('notes.keysReconciliation', { keys: fmt(alloc.allocatedMinor), months: fmt(alloc.monthsMinor), difference: fmt(alloc.monthsMinor - alloc.allocatedMinor) })], [], 'note');
  if (alloc.unallocatedMinor) table.line([w('notes.unallocated', { amount: fmt(alloc.unallocatedMinor) })], [], 'note');
  if (ctx.credits.keys) {
    const usdText = formatNumber(new Decimal(ctx.credits.usd), ctx.locale, 2);
    table.line([ctx.wn('notes.credits', ctx.credits.keys, { usd: usdText, dkk: fmt(ctx.credits.dkkMinor) })], [], 'note');
  }
  await table.finish();
}
