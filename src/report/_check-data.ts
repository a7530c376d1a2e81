import { InvalidArgumentError, unknownOption } from '../core/index.js';
import type { CostReportData } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isKeys = (v: unknown) => isObject(v) && typeof v.length === 'number' && typeof v.rows === 'function';

function need(ok: boolean, field: string, what: string): void {
  if (!ok) throw new InvalidArgumentError(`data.${field}`, `must be ${what} (as fetchCostReportData returns it)`);
}

/**
 * Checks the shape of a workbook's data before anything is built from it, so data put together
 * by a caller with a part missing is an InvalidArgumentError naming that part (`data.keyUsage.keys`)
 * rather than a TypeError from inside a sheet. The records in it are the clients' parsed records.
 */
export function checkCostReportData(data: unknown): asserts data is CostReportData {
  if (!isObject(data)) throw new InvalidArgumentError('data', 'must be the object fetchCostReportData returns');
  need(isObject(data.period), 'period', 'the period ({ month }, { year } or { months })');
  need(typeof data.orgId === 'string' && data.orgId !== '', 'orgId', 'the organization id');
  const withheld = data.usageWithheld !== undefined && data.usageWithheld !== null;
  if (withheld) {
    const w = data.usageWithheld as Record<string, unknown>;
    need(isObject(w) && (w.status === 403 || w.status === 409) && typeof w.reason === 'string', 'usageWithheld', '{ status: 403 | 409, reason }');
  }
  // Usage is there whole, or (withheld) not at all.
  if (withheld) need(data.monthly === null, 'monthly', 'null when usage is withheld');
  else need(isObject(data.monthly) && Array.isArray(data.monthly.months), 'monthly', 'the monthly-usage record');
  need(Array.isArray(data.months), 'months', 'a list of the period\'s months');
  need(data.previousMonth === null || isObject(data.previousMonth), 'previousMonth', 'a month of monthly usage, or null');
  if (withheld) need(data.keyUsage === null, 'keyUsage', 'null when usage is withheld');
  else {
    need(isObject(data.keyUsage), 'keyUsage', 'the key-usage record');
    const keyUsage = data.keyUsage as Record<string, unknown>;
    need(isKeys(keyUsage.keys), 'keyUsage.keys', 'keys with a length and rows()');
    need(typeof keyUsage.end_date === 'string', 'keyUsage.end_date', 'a date YYYY-MM-DD');
  }
  need(Array.isArray(data.keyUsageByMonth), 'keyUsageByMonth', 'a list of { month, keyUsage }');
  (data.keyUsageByMonth as unknown[]).forEach((m, i) => {
    need(isObject(m) && typeof m.month === 'string' && isObject(m.keyUsage) && isKeys(m.keyUsage.keys), `keyUsageByMonth[${i}]`, '{ month, keyUsage } with keys');
  });
  need(data.planCost === null || isObject(data.planCost), 'planCost', 'the plan-cost record, or null');
  need(data.invoices === null || Array.isArray(data.invoices), 'invoices', 'the invoice list, or null');
  need(data.invoiceRecords === undefined || data.invoiceRecords === null || Array.isArray(data.invoiceRecords), 'invoiceRecords', 'a list of invoices, or null');
}

/** Checks a builder's options: an object whose text options are strings and whose `stream` can be written to. */
export function checkBuilderOptions(options: unknown, texts: readonly string[]): void {
  if (!isObject(options)) throw new InvalidArgumentError('options', 'must be an object of options');
  const unknown = unknownOption(options, [...texts, 'stream', 'rates']);
  if (unknown) throw new InvalidArgumentError(`options.${unknown.name}`, unknown.message);
  for (const name of texts) {
    if (options[name] !== undefined && typeof options[name] !== 'string') throw new InvalidArgumentError(`options.${name}`, 'must be a string');
  }
  const stream = options.stream as { write?: unknown } | undefined;
  if (stream !== undefined && typeof stream?.write !== 'function') throw new InvalidArgumentError('options.stream', 'must be a writable stream');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- `rates` is unknown here: what a JavaScript caller passed
  if (options.rates !== undefined && typeof (options.rates as { rateOn?: unknown } | null)?.rateOn !== 'function') throw new InvalidArgumentError('options.rates', 'must be exchange rates read by parseExchangeRates');
}

/** The client methods fetchCostReportData calls. */
const CLIENT_METHODS = ['getMonthlyUsage', 'streamKeyUsage', 'getPlanCost', 'listInvoices', 'getInvoice'] as const;

/** Checks that `client` can fetch a workbook's data: a ReportingClient, or another ReportingApi. */
export function checkReportingApi(client: unknown): void {
  if (!isObject(client)) throw new InvalidArgumentError('client', 'must be a ReportingClient (or another ReportingApi)');
  const missing = CLIENT_METHODS.filter((m) => typeof client[m] !== 'function');
  if (missing.length > 0) throw new InvalidArgumentError('client', `must be a ReportingClient (or another ReportingApi); it has no ${missing.join(', ')}`);
  if (typeof client.orgId !== 'string') throw new InvalidArgumentError('client.orgId', 'must be the organization id');
}
