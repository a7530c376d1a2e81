import type { Writable } from 'node:stream';
import { formatDate, formatMonth, getLocale } from '../locale/index.js';
import { countedWordsOf, pageSetup, usageGap, wordsOf, type CostContext, type Layout } from './_context.js';
import { monthLedger } from './_ledger.js';
import { makeStyles } from './_styles.js';
import { openBook } from './_workbook.js';
import { allocateDays, allocateKeys, convertMonth } from './dkk.js';
import { calendarMonths, checkPeriod, lastDayOfMonth, monthOf, utcDate } from './period/period.js';
import { checkBuilderOptions, checkCostReportData } from './_check-data.js';
import { writeDaysSheet } from './sheets/days.js';
import { invoicesInPeriod, writeInvoicesSheet } from './sheets/invoices.js';
import { writeKeyFieldsSheet } from './sheets/key-fields.js';
import { keysDkkColumn, writeKeysSheet } from './sheets/keys.js';
import { writeModelsSheet, writeProvidersSheet } from './sheets/models.js';
import { writeMonthsSheet } from './sheets/months.js';
import { writePlanCostSheet } from './sheets/plan-cost.js';
import { writeSummarySheet } from './sheets/summary.js';
import type { CostReportData, CostReportOptions, KeyUsageInput } from './types.js';
import { monthPlans } from './period-plan.js';
import { ReportPeriodError } from './period/report-period-error.js';

const SHEETS = ['summary', 'months', 'days', 'keys', 'models', 'providers', 'keyFields', 'planCost', 'invoices'] as const;

/**
 * The workbook's months (`YYYY-MM`), oldest first: those monthly usage lists in the period, or
 * without usage the months the period names (`fetchCostReportData` refuses the trailing months then).
 */
function monthsOf(data: CostReportData, usage: KeyUsageInput | null): string[] {
  if (usage) return data.months.map((m) => monthOf(m.month));
  const months = calendarMonths(data.period);
  if (!months) throw new ReportPeriodError('months', 'the trailing months end with the current month, which only usage tells: give a month or a year');
  return months;
}

function periodLabel(months: string[], locale: ReturnType<typeof getLocale>): string {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return '';
  return first === last ? formatMonth(`${first}-01`, locale) : `${formatMonth(`${first}-01`, locale)} – ${formatMonth(`${last}-01`, locale)}`;
}

/** The day the workbook's data reach: the key usage's last day, or without usage the period's last day. */
function dataDay(usage: KeyUsageInput | null, months: string[]): string {
  return usage ? usage.end_date : lastDayOfMonth(`${months.at(-1)!}-01`);
}

function prepare(data: CostReportData, options: CostReportOptions): Omit<CostContext, 'wb'> {
  const locale = getLocale(options.language ?? 'da');
  const w = wordsOf(locale);
  const usage: KeyUsageInput | null = data.monthly ? data.keyUsage : null;
  const months = monthsOf(data, usage);
  const conversions = usage ? data.months.map(convertMonth) : [];
  const plans = monthPlans(data, months, options.rates);
  const invoices = invoicesInPeriod(data, months);
  const orgName = options.organizationName ?? data.orgId;
  const keys = allocateKeys(conversions, data.keyUsageByMonth, usage ?? undefined);
  const daysMinor: Array<number | null> = [];
  let daysUnallocatedMinor = 0;
  (usage ? data.months : []).forEach((entry, i) => {
    const { parts, unallocated } = allocateDays(conversions[i]!, entry);
    daysMinor.push(...parts);
    daysUnallocatedMinor += unallocated;
  });
  const sheets = Object.fromEntries(SHEETS.map((s) => [s, w(`sheets.${s}`)])) as Layout['sheets'];
  const footerLeft = usage ? w('print.dataUntil', { date: formatDate(usage.end_date, locale) }) : w(`usageWithheld.footer.${usageGap(data)}`);
  return {
    styles: makeStyles({ date: w('format.date'), month: w('format.month') }),
    locale,
    data,
    usage,
    orgName,
    months,
    conversions,
    ledger: monthLedger(plans, usage ? conversions : null),
    keys,
    daysMinor,
    daysUnallocatedMinor,
    layout: {
      sheets,
      monthsRows: months.length,
      daysRows: daysMinor.length,
      keysRows: usage?.keys.length ?? 0,
      keysDkkColumn: keysDkkColumn(usage?.key_fields?.length ?? 0),
      planRows: plans.reduce((a, p) => a + p.lines.length, 0),
      invoiceRows: new Map(invoices.map((i, k) => [i.id, k + 2])),
      invoicesRows: invoices.length,
    },
    page: pageSetup(locale, orgName, periodLabel(months, locale), footerLeft),
    fieldGroups: new Map(),
    credits: keys.credits,
    rates: options.rates,
    w,
    wn: countedWordsOf(locale),
  };
}

/**
 * Builds the monthly cost workbook (Summary, Months, Days, Keys, Models, Providers, Key fields,
 * Plan cost, Invoices) from fetched records. When the service withholds usage, the sheets made
 * from usage alone (Days, Keys, Models, Providers, Key fields) are left out and the others say
 * where usage is missing. Pure: no clock (dates come from the data), no network, no files; the
 * same data gives the same bytes. With `stream` the workbook is streamed into it (the Keys
 * sheet row by row); otherwise the bytes are returned.
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
  const book = openBook(utcDate(dataDay(prepared.usage, prepared.months)), options.stream);
  const ctx: CostContext = { ...prepared, wb: book.wb };
  await writeSummarySheet(ctx);
  await writeMonthsSheet(ctx);
  if (ctx.usage) {
    await writeDaysSheet(ctx);
    await writeKeysSheet(ctx, ctx.usage);
    await writeModelsSheet(ctx, ctx.usage);
    await writeProvidersSheet(ctx, ctx.usage);
    await writeKeyFieldsSheet(ctx, ctx.usage);
  }
  await writePlanCostSheet(ctx);
  await writeInvoicesSheet(ctx);
  const bytes = await book.finish();
  if (bytes) return bytes;
}
