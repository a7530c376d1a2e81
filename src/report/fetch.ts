import type { CallOptions, KeyUsagePeriod, MonthlyUsagePeriod, ReportingApi } from '../client/api.js';
import type { KeyUsageEntry, MonthlyUsageEntry, OrgKeyUsage, OrgMonthlyUsage } from '../model/index.js';
import { invoiceRecords } from './_fetch-invoices.js';
import { KeyStore, KeyWeightStore } from './key-store.js';
import { checkPeriod, monthOf, type ReportPeriod } from './period.js';
import type { CostReportData, KeyUsageInput, KeyWeightUsage, MonthKeyUsage } from './types.js';
import { checkReportingApi } from './_check-data.js';

/** At most this many key-usage requests at once for a multi-month workbook. */
const PARALLEL_MONTHS = 3;

function isForbidden(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 403;
}

/** Plan cost and invoices may be withheld from an organization (403); the workbook then says so. */
async function orWithheld<T>(call: Promise<T>): Promise<{ value: T | null; reason?: string }> {
  try {
    return { value: await call };
  } catch (e) {
    if (isForbidden(e)) return { value: null, reason: (e as Error).message };
    throw e;
  }
}

function monthsInPeriod(period: ReportPeriod, monthly: OrgMonthlyUsage): MonthlyUsageEntry[] {
  if ('month' in period) return monthly.months.filter((m) => monthOf(m.month) === period.month);
  if ('year' in period) return monthly.months.filter((m) => m.month.startsWith(`${period.year}-`));
  return monthly.months;
}

function previousMonthKey(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

async function previousMonth(
  client: ReportingApi,
  monthly: OrgMonthlyUsage,
  months: MonthlyUsageEntry[],
  opts?: CallOptions,
): Promise<MonthlyUsageEntry | null> {
  const last = months.at(-1);
  if (!last) return null;
  const wanted = previousMonthKey(monthOf(last.month));
  const found = monthly.months.find((m) => monthOf(m.month) === wanted);
  if (found) return found;
  const year = Number(wanted.slice(0, 4));
  if (!monthly.available_years.includes(year)) return null;
  const earlier = await client.getMonthlyUsage({ year }, opts);
  return earlier.months.find((m) => monthOf(m.month) === wanted) ?? null;
}

/** A store of keys as they are read: full rows (`KeyStore`) or weights only (`KeyWeightStore`). */
interface Store {
  add(key: KeyUsageEntry): void;
}

/**
 * Key usage with its keys added to `store` as the client hands them on (over HTTP read as a
 * stream, a key at a time, so neither its text nor a parsed 100,000-key record is held).
 */
async function keyUsageInto<S extends Store>(client: ReportingApi, period: KeyUsagePeriod, store: S, opts?: CallOptions): Promise<Omit<OrgKeyUsage, 'keys'> & { keys: S }> {
  const { keys: _none, ...head } = await client.streamKeyUsage(period, (key) => store.add(key), opts);
  return { ...head, keys: store };
}

const compactKeyUsage = (client: ReportingApi, period: KeyUsagePeriod, opts?: CallOptions): Promise<KeyUsageInput> => keyUsageInto(client, period, new KeyStore(), opts);

/** Each month's key usage as weights only: the workbook's rows come from the period's key usage. */
async function keyUsagePerMonth(client: ReportingApi, months: string[], opts?: CallOptions): Promise<MonthKeyUsage[]> {
  const out: MonthKeyUsage[] = [];
  for (let i = 0; i < months.length; i += PARALLEL_MONTHS) {
    const batch = months.slice(i, i + PARALLEL_MONTHS);
    const got: KeyWeightUsage[] = await Promise.all(batch.map((month) => keyUsageInto(client, { month }, new KeyWeightStore(), opts)));
    got.forEach((keyUsage, j) => out.push({ month: batch[j]!, keyUsage }));
  }
  return out;
}

/**
 * Fetches what a cost workbook needs for `period`: monthly usage (with days), key usage for the
 * same period (and per month when it spans several, so each month's DKK is allocated by that
 * month's spend), plan cost in DKK, the invoice list and the full records of the period's
 * invoices (their lines are the month's plan). Plan cost and invoices that the service
 * withholds (403) are recorded as withheld; any other error is thrown as the client reports it.
 * Keys are held compactly (`KeyStore`, about 170 bytes a key; per month only their id and USD,
 * about 30 bytes), read from the response as it streams.
 */
export async function fetchCostReportData(
  client: ReportingApi,
  period: ReportPeriod,
  opts?: CallOptions,
): Promise<CostReportData> {
  checkReportingApi(client);
  checkPeriod(period);
  const monthlyPeriod: MonthlyUsagePeriod = 'months' in period ? { months: period.months } : { year: 'year' in period ? period.year : Number(period.month.slice(0, 4)) };
  const keyPeriod: KeyUsagePeriod = period;
  const [monthly, keyUsage, plan, invoices] = await Promise.all([
    client.getMonthlyUsage(monthlyPeriod, opts),
    compactKeyUsage(client, keyPeriod, opts),
    orWithheld(client.getPlanCost('DKK', opts)),
    orWithheld(client.listInvoices(opts)),
  ]);
  const months = monthsInPeriod(period, monthly);
  const monthKeys = months.map((m) => monthOf(m.month));
  const keyUsageByMonth: MonthKeyUsage[] =
    'month' in period ? [{ month: period.month, keyUsage }] : await keyUsagePerMonth(client, monthKeys, opts);
  const records = invoices.value ? await invoiceRecords(client, invoices.value, monthKeys, opts) : null;
  return {
    period,
    orgId: client.orgId,
    monthly,
    months,
    previousMonth: await previousMonth(client, monthly, months, opts),
    keyUsage,
    keyUsageByMonth,
    planCost: plan.value,
    ...(plan.reason ? { planCostWithheld: plan.reason } : {}),
    invoices: invoices.value,
    ...(invoices.reason ? { invoicesWithheld: invoices.reason } : {}),
    invoiceRecords: records,
  };
}
