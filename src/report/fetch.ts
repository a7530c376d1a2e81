import type { CallOptions, KeyUsagePeriod, MonthlyUsagePeriod, ReportingApi } from '../client/index.js';
import type { KeyUsageEntry, MonthlyUsageEntry, OrgKeyUsage, OrgMonthlyUsage } from '../model/index.js';
import { invoiceRecords } from './_fetch-invoices.js';
import { KeyStore, KeyWeightStore } from './key-store.js';
import { calendarMonths, checkPeriod, monthOf, type ReportPeriod } from './period/period.js';
import { ReportPeriodError } from './period/report-period-error.js';
import type { CostReportData, KeyUsageInput, KeyWeightUsage, MonthKeyUsage } from './types.js';
import { checkReportingApi } from './_check-data.js';

/** At most this many key-usage requests at once for a multi-month workbook. */
const PARALLEL_MONTHS = 3;

/** 403 (not shared) or 409 (setup needs attention): the service withholds the records from the organization. */
function withheldStatus(e: unknown): 403 | 409 | undefined {
  const status = typeof e === 'object' && e !== null ? (e as { status?: unknown }).status : undefined;
  return status === 403 || status === 409 ? status : undefined;
}

interface Fetched<T> {
  value: T | null;
  reason?: string;
  status?: 403 | 409;
  error?: unknown;
}

/** Records the service may withhold (403/409); the workbook then says so. Any other error is thrown. */
async function orWithheld<T>(call: Promise<T>): Promise<Fetched<T>> {
  try {
    return { value: await call };
  } catch (e) {
    const status = withheldStatus(e);
    if (status) return { value: null, reason: (e as Error).message, status, error: e };
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
 * invoices (their lines are the month's plan). Records the service withholds (403 not shared,
 * 409 setup needs attention) are recorded as withheld, with the reason; usage is taken whole
 * (monthly and key usage) or not at all. A workbook needs something to book from: when usage
 * and the invoice list are both withheld, the usage's error is thrown as the client reports it
 * (as is any other error); when usage is withheld for the trailing months, whose last month (the
 * service's current one) only usage tells, a `ReportPeriodError` naming `months`.
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
    orWithheld(client.getMonthlyUsage(monthlyPeriod, opts)),
    orWithheld(compactKeyUsage(client, keyPeriod, opts)),
    orWithheld(client.getPlanCost('DKK', opts)),
    orWithheld(client.listInvoices(opts)),
  ]);
  const withheld = monthly.value === null ? monthly : keyUsage.value === null ? keyUsage : null;
  // The fields in this order: the month-end's source hash is of their JSON.
  const plans = { planCost: plan.value, ...(plan.reason ? { planCostWithheld: plan.reason } : {}) };
  const invoiceList = { invoices: invoices.value, ...(invoices.reason ? { invoicesWithheld: invoices.reason } : {}) };
  if (withheld) {
    if (!invoices.value) throw withheld.error;
    const months = calendarMonths(period);
    if (!months) throw new ReportPeriodError('months', `${withheld.reason} (the service answered ${withheld.status}), and the trailing months end with the current month, which only usage tells: give a month or a year`);
    return {
      period,
      orgId: client.orgId,
      monthly: null,
      months: [],
      previousMonth: null,
      keyUsage: null,
      keyUsageByMonth: [],
      usageWithheld: { status: withheld.status!, reason: withheld.reason! },
      ...plans,
      ...invoiceList,
      invoiceRecords: await invoiceRecords(client, invoices.value, months, opts),
    };
  }
  const usage = monthly.value!;
  const months = monthsInPeriod(period, usage);
  const monthKeys = months.map((m) => monthOf(m.month));
  const keyUsageByMonth: MonthKeyUsage[] =
    'month' in period ? [{ month: period.month, keyUsage: keyUsage.value! }] : await keyUsagePerMonth(client, monthKeys, opts);
  const records = invoices.value ? await invoiceRecords(client, invoices.value, monthKeys, opts) : null;
  return {
    period,
    orgId: client.orgId,
    monthly: usage,
    months,
    previousMonth: await previousMonth(client, usage, months, opts),
    keyUsage: keyUsage.value!,
    keyUsageByMonth,
    ...plans,
    ...invoiceList,
    invoiceRecords: records,
  };
}
