import type { Writable } from 'node:stream';
import { formatDate, formatMonth, getLocale } from '../locale/index.js';
import { countedWordsOf, pageSetup, wordsOf, type CostContext, type Layout } from './_context.js';
import { monthLedger } from './_ledger.js';
import { makeStyles } from './_styles.js';
import { openBook } from './_workbook.js';
import { allocateDays, allocateKeys, convertMonth } from './dkk.js';
import { checkPeriod, utcDate } from './period.js';
import { checkBuilderOptions, checkCostReportData } from './_check-data.js';
import { writeDaysSheet } from './sheets/days.js';
import { invoicesInPeriod, writeInvoicesSheet } from './sheets/invoices.js';
import { writeKeyFieldsSheet } from './sheets/key-fields.js';
import { keysDkkColumn, writeKeysSheet } from './sheets/keys.js';
import { writeModelsSheet, writeProvidersSheet } from './sheets/models.js';
import { writeMonthsSheet } from './sheets/months.js';
import { writePlanCostSheet } from './sheets/plan-cost.js';
import { writeSummarySheet } from './sheets/summary.js';
import type { CostReportData, CostReportOptions } from './types.js';
import { monthPlans } from './period-plan.js';

const SHEETS = ['summary', 'months', 'days', 'keys', 'models', 'providers', 'keyFields', 'planCost', 'invoices'] as const;

function periodLabel(data: CostReportData, locale: ReturnType<typeof getLocale>): string {
  const first = data.months[0]?.month;
  const last = data.months.at(-1)?.month;
  if (!first || !last) return '';
  return first === last ? formatMonth(first, locale) : `${formatMonth(first, locale)} – ${formatMonth(last, locale)}`;
}

function prepare(data: CostReportData, options: CostReportOptions): Omit<CostContext, 'wb'> {
  const locale = getLocale(options.language ?? 'da');
  const w = wordsOf(locale);
  const conversions = data.months.map(convertMonth);
  const plans = monthPlans(data, conversions.map((c) => c.month));
  const invoices = invoicesInPeriod(data);
  const orgName = options.organizationName ?? data.orgId;
  const keys = allocateKeys(conversions, data.keyUsageByMonth, data.keyUsage);
  const daysMinor: Array<number | null> = [];
  let daysUnallocatedMinor = 0;
  data.months.forEach((entry, i) => {
    const { parts, unallocated } = allocateDays(conversions[i]!, entry);
    daysMinor.push(...parts);
    daysUnallocatedMinor += unallocated;
  });
  const sheets = Object.fromEntries(SHEETS.map((s) => [s, w(`sheets.${s}`)])) as Layout['sheets'];
  return {
    styles: makeStyles({ date: w('format.date'), month: w('format.month') }),
    locale,
    data,
    orgName,
    conversions,
    ledger: monthLedger(conversions, plans),
    keys,
    daysMinor,
    daysUnallocatedMinor,
    layout: {
      sheets,
      monthsRows: data.months.length,
      daysRows: daysMinor.length,
      keysRows: data.keyUsage.keys.length,
      keysDkkColumn: keysDkkColumn(data.keyUsage.key_fields?.length ?? 0),
      planRows: plans.reduce((a, p) => a + p.lines.length, 0),
      invoiceRows: new Map(invoices.map((i, k) => [i.id, k + 2])),
      invoicesRows: invoices.length,
    },
    page: pageSetup(locale, orgName, periodLabel(data, locale), w('print.dataUntil', { date: formatDate(data.keyUsage.end_date, locale) })),
    fieldGroups: new Map(),
    credits: keys.credits,
    w,
    wn: countedWordsOf(locale),
  };
}

/**
 * Builds the monthly cost workbook (Summary, Months, Days, Keys, Models, Providers, Key fields,
 * Plan cost, Invoices) from fetched records. Pure: no clock (dates come from the data), no
 * network, no files; the same data gives the same bytes. With `stream` the workbook is
 * streamed into it (the Keys sheet row by row); otherwise the bytes are returned.
 */
export async function buildCostReport(data: CostReportData, options?: CostReportOptions): Promise<Uint8Array>;
export async function buildCostReport(data: CostReportData, options: CostReportOptions & { stream: Writable }): Promise<void>;
export async function buildCostReport(
  data: CostReportData,
  options: CostReportOptions & { stream?: Writable } = {},
): Promise<Uint8Array | void> {
  checkBuilderOptions(options, ['language', 'organizationName']);
  checkCostReportData(data);
  checkPeriod(data.period);
  const prepared = prepare(data, options);
  const book = openBook(utcDate(data.keyUsage.end_date), options.stream);
  const ctx: CostContext = { ...prepared, wb: book.wb };
  await writeSummarySheet(ctx);
  await writeMonthsSheet(ctx);
  await writeDaysSheet(ctx);
  await writeKeysSheet(ctx);
  await writeModelsSheet(ctx);
  await writeProvidersSheet(ctx);
  await writeKeyFieldsSheet(ctx);
  await writePlanCostSheet(ctx);
  await writeInvoicesSheet(ctx);
  const bytes = await book.finish();
  if (bytes) return bytes;
}
