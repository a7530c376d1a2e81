import type { Writable } from 'node:stream';
import { getLocale } from '../../locale/index.js';
import { PartnerStatusSchema, type PartnerStatus } from '../../model/index.js';
import { recordOf } from '../../model/parse/index.js';
import { checkBuilderOptions } from '../_check-data.js';
import type { CellInput, Column } from '../_columns.js';
import { pageSetup, wordsOf } from '../_context.js';
import { writeSimpleTable } from '../_simple-table.js';
import { makeStyles } from '../_styles.js';
import type { Look } from '../_table.js';
import { openBook } from '../_workbook.js';
import { utcDate } from '../period/period.js';
import type { Language } from '../../locale/index.js';

/** Options of `buildPartnerReport`. */
export interface PartnerReportOptions {
  /** `da` (default) or `en`, or any language in `locales/`. */
  language?: Language;
}

const list = (xs: string[]) => xs.join(', ');

/** Whether a key is out of date: the API's `has_recommended` is false. */
export function isOutOfDate(key: { has_recommended: boolean }): boolean {
  return !key.has_recommended;
}

/** The newest key creation in the status (a date from the data, never the clock). */
function stampOf(status: PartnerStatus): Date {
  let newest = '1980-01-01';
  for (const c of status.customers) for (const k of c.keys) if (k.created_at.slice(0, 10) > newest) newest = k.created_at.slice(0, 10);
  return utcDate(newest);
}

/**
 * The partner workbook: Customers (key counts, keys missing recommended models, allowed
 * models), Keys (each key checked against its profile; keys that are not up to date
 * highlighted) and Profiles. Pure: the same status gives the same bytes. `status` is PartnerClient's
 * record or the API's JSON of it.
 * @throws SchemaError naming the field of a status that is neither
 */
export async function buildPartnerReport(status: PartnerStatus, options?: PartnerReportOptions): Promise<Uint8Array>;
export async function buildPartnerReport(status: PartnerStatus, options: PartnerReportOptions & { stream: Writable }): Promise<void>;
export async function buildPartnerReport(
  status: PartnerStatus,
  options: PartnerReportOptions & { stream?: Writable } = {},
): Promise<Uint8Array | void> {
  checkBuilderOptions(options, ['language']);
  status = recordOf(PartnerStatusSchema, status, 'partner status');
  const locale = getLocale(options.language ?? 'da');
  const w = wordsOf(locale);
  const p = (key: string) => w(`partner.columns.${key}`);
  const yesNo = (b: boolean) => w(b ? 'yes' : 'no');
  const styles = makeStyles({ date: w('format.date'), month: w('format.month') });
  const book = openBook(stampOf(status), options.stream);
  const print = pageSetup(locale, status.name, status.org_id, w('partner.title'));

  const customerColumns: Column[] = [
    { header: p('customer'), kind: 'text' },
    { header: p('orgId'), kind: 'text' },
    { header: p('keyCount'), kind: 'int' },
    { header: p('missingCount'), kind: 'int' },
    { header: p('allowedModels'), kind: 'text' },
  ];
  const customerRows: CellInput[][] = status.customers.map((c) => [
    c.customer.name,
    c.customer.org_id,
    c.customer.key_count,
    c.keys.filter(isOutOfDate).length,
    list(c.allowed_models.map((m) => m.name)),
  ]);
  const sum = (j: number) => customerRows.reduce((a, r) => a + (r[j] as number), 0);
  await writeSimpleTable(book.wb, styles, {
    name: w('partner.sheets.customers'),
    tableName: 'Customers',
    print,
    columns: customerColumns,
    rows: customerRows,
    looks: customerRows.map((r): Look => ((r[3] as number) > 0 ? 'attention' : 'plain')),
    totals: { label: `${w('total')}: ${status.name}`, sums: [undefined, undefined, sum(2), sum(3), undefined] },
  });

  const keyColumns: Column[] = ['customer', 'key', 'prefix', 'created', 'profile', 'models', 'recommended', 'hasRecommended', 'missing', 'notAllowed', 'extra', 'noLongerOffered', 'locked'].map(
    (k) => ({ header: p(k), kind: k === 'created' ? 'date' : 'text' }),
  );
  const keys = status.customers.flatMap((c) => c.keys.map((k) => ({ customer: c.customer.name, k })));
  const keyRows: CellInput[][] = keys.map(({ customer, k }) => [
    customer,
    k.name,
    k.key_prefix,
    utcDate(k.created_at.slice(0, 10)),
    k.profile_name,
    list(k.models),
    list(k.recommended_models),
    yesNo(k.has_recommended),
    list(k.missing_recommended),
    list(k.not_allowed),
    list(k.extra),
    list(k.no_longer_offered),
    yesNo(k.locked),
  ]);
  await writeSimpleTable(book.wb, styles, {
    name: w('partner.sheets.keys'),
    tableName: 'Keys',
    print: { ...print, repeatColumns: 2 },
    columns: keyColumns,
    rows: keyRows,
    looks: keys.map(({ k }): Look => (isOutOfDate(k) ? 'attention' : 'plain')),
    notes: [w('partner.notUpToDate')],
  });

  const profileColumns: Column[] = [
    { header: p('profile'), kind: 'text' },
    { header: p('keyCount'), kind: 'int' },
    { header: p('recommended'), kind: 'text' },
    { header: p('followsRouter'), kind: 'text' },
  ];
  await writeSimpleTable(book.wb, styles, {
    name: w('partner.sheets.profiles'),
    tableName: 'Profiles',
    print,
    columns: profileColumns,
    rows: status.profiles.map((pr) => [pr.name, pr.key_count, list(pr.recommended), yesNo(pr.follows_router)]),
  });
  const bytes = await book.finish();
  if (bytes) return bytes;
}
