import { Decimal } from '../../money/index.js';
import type { KeyField, KeyFieldValue } from '../../model/index.js';
import { formatNumber } from '../../locale/index.js';
import { formatMinor } from '../../money/index.js';
import { headerWidth, numberRepeats, valueWidth, type CellInput, type Column } from '../_columns.js';
import { fieldGroupKey, kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { TOKEN_COLUMNS, tokenBuckets } from '../_tokens.js';
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

type Labeler = (value: KeyFieldValue | undefined) => string | undefined;

function fieldLabeler(field: KeyField, yes: string, no: string): Labeler {
  const options = new Map((field.options ?? []).map((o) => [o.key, o.label]));
  return (value) => {
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value ? yes : no;
    return field.type === 'select' ? (options.get(value) ?? value) : value;
  };
}

function keyRow(key: KeyRow, fields: KeyField[], labelers: Labeler[], product: (p: string) => string, dkk: number | undefined): CellInput[] {
  const row: CellInput[] = [key.id, key.name, key.key_prefix, key.product ? product(key.product) : undefined, key.recipient_email ?? undefined];
  for (let i = 0; i < fields.length; i++) row.push(labelers[i]!(key.fields?.[fields[i]!.key]));
  row.push(Number(key.usd), dkk === undefined ? undefined : kroner(dkk), ...tokenBuckets(key));
  row.push(key.service?.total_tokens, key.service?.request_count, key.external?.total_tokens, key.external?.request_count);
  return row;
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
  const labelers = fields.map((f) => fieldLabeler(f, w('yes'), w('no')));
  const productNames = new Map(['connect', 'dev', 'service'].map((p) => [p, w(`products.${p}`)]));
  const product = (p: string) => productNames.get(p) ?? p;
  const lead: Column[] = [
    { header: w('columns.keyId'), kind: 'text' },
    { header: w('columns.name'), kind: 'text' },
    { header: w('columns.prefix'), kind: 'text' },
    { header: w('columns.product'), kind: 'text' },
    { header: w('columns.recipient'), kind: 'text' },
  ];
  const tail: Column[] = [
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.dkk'), kind: 'dkk' },
    ...TOKEN_COLUMNS.map((k) => ({ header: w(`columns.${k}`), kind: 'int' as const })),
    { header: w('columns.hostedTokens'), kind: 'int' },
    { header: w('columns.hostedRequests'), kind: 'int' },
    { header: w('columns.externalTokens'), kind: 'int' },
    { header: w('columns.externalRequests'), kind: 'int' },
  ];
  // Key-field names as one-line headers, numbered where they repeat each other or one of the
  // sheet's own columns, so the sheet's columns keep their names in the Keys table.
  const fieldHeaders = numberRepeats(
    fields.map((f) => f.display_name.replace(/\s+/g, ' ').trim() || '?'),
    [...lead, ...tail].map((c) => c.header),
  );
  const columns: Column[] = [...lead, ...fieldHeaders.map((header) => ({ header, kind: 'text' as const })), ...tail];
  const dkkIndex = keysDkkColumn(fields.length) - 1;
  const n = columns.length;
  // Widths from the longest text and the largest number per column, sums for the totals (the USD
  // total comes exact from the allocation): from what the store gathered as the keys came, or
  // from one reading of the keys where it gathered none (or stopped keeping distinct values).
  const stats = keys instanceof KeyStore && !keys.stats.capped ? keys.stats : KeyStats.of(keys.rows());
  const widths = columns.map((c) => headerWidth(c.header));
  const sums: number[] = new Array(n).fill(0);
  const largest: number[] = new Array(n).fill(0);
  const widen = (i: number, width: number) => (widths[i] = Math.max(widths[i]!, width));
  TEXT_COLUMNS.forEach((c, t) => widen(c, stats.textWidths[t]!));
  for (const p of stats.products.values) widen(PRODUCT_COLUMN, textWidth(product(p)));
  fields.forEach((f, j) => {
    const seen = stats.fields.get(f.key);
    if (!seen) return;
    const labels = [...seen.texts.values].map(labelers[j]!);
    if (seen.yes) labels.push(labelers[j]!(true));
    if (seen.no) labels.push(labelers[j]!(false));
    for (const label of labels) if (label !== undefined) widen(LEAD + j, textWidth(label));
  });
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
  for (const key of keys.rows()) {
    const est = alloc.isEstimated(key.id, k);
    const dkk = alloc.dkkOf(key.id, k);
    if (dkk !== undefined) {
      for (let f = 0; f < fields.length; f++) {
        const g = key.fields?.[fields[f]!.key];
        groups[f]!.set(g, (groups[f]!.get(g) ?? 0) + dkk);
      }
    }
    table.data(keyRow(key, fields, labelers, product, dkk), isCredit(key.usd) ? (est ? creditEstimated : credit) : est ? estimated : plain);
    if (k++ % BATCH === BATCH - 1) await table.flushed();
  }
  fields.forEach((f, j) => ctx.fieldGroups.set(f.key, new Map([...groups[j]!].map(([value, dkk]) => [fieldGroupKey(value), dkk]))));
  const totals: Array<number | undefined> = sums.map((s, i) => (columns[i]!.kind === 'text' ? undefined : s));
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
