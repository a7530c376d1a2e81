import type { Invoice, InvoiceSummary, MonthlyUsageEntry, OrgKeyUsage, OrgMonthlyUsage, OrgPlanCost } from '../model/index.js';
import type { KeySource, WeightSource } from './key-store.js';
import type { ReportPeriod } from './period/period.js';
import type { ExchangeRates } from '../money/index.js';
import type { Language } from '../locale/index.js';

/**
 * Key usage as the workbook takes it: the API's record with its keys as rows that can be read
 * more than once (`fetchCostReportData` reads a large response into a compact store); never a
 * list of parsed records, so nothing outside the report folder depends on how they are held.
 */
export type KeyUsageInput = Omit<OrgKeyUsage, 'keys'> & { keys: KeySource };

/** Key usage whose keys are only weights (id and USD), as a several-month workbook fetches each month. */
export type KeyWeightUsage = Omit<OrgKeyUsage, 'keys'> & { keys: WeightSource };

/**
 * Key usage of one calendar month (`YYYY-MM`), the weights for that month's DKK: for a one-month
 * period the period's own key usage, otherwise (as `fetchCostReportData` gets it) weights only.
 */
export interface MonthKeyUsage {
  month: string;
  keyUsage: KeyWeightUsage;
}

/** Why the service withheld usage: its HTTP status (403 not shared, 409 setup needs attention) and its message. */
export interface UsageWithheld {
  status: 403 | 409;
  reason: string;
}

/**
 * Everything a cost workbook is built from, as fetched by `fetchCostReportData`. Usage (monthly
 * and key usage) is taken whole or not at all: when the service withholds either, `monthly` and
 * `keyUsage` are null, `months` and `keyUsageByMonth` empty, and `usageWithheld` says why; the
 * workbook is then built from the invoices and the plan, and says where usage is missing.
 */
export interface CostReportData {
  period: ReportPeriod;
  orgId: string;
  /** Monthly usage as the API returned it (with days); null when usage is withheld. */
  monthly: OrgMonthlyUsage | null;
  /** The months of the period, oldest first (a subset of `monthly.months`); empty when usage is withheld. */
  months: MonthlyUsageEntry[];
  /** The month before the period's last month, for change percentages; null when not available. */
  previousMonth: MonthlyUsageEntry | null;
  /** Key usage over the whole period; null when usage is withheld. */
  keyUsage: KeyUsageInput | null;
  /** Key usage per month of the period; for a one-month period, the same record as `keyUsage`. */
  keyUsageByMonth: MonthKeyUsage[];
  /** Set when the service withholds usage (monthly-usage or key-usage answered 403 or 409). */
  usageWithheld?: UsageWithheld;
  /** Plan cost in DKK, or null when the service withholds it (`planCostWithheld` says why). */
  planCost: OrgPlanCost | null;
  planCostWithheld?: string;
  /** Every invoice of the organization (the workbook lists those of the period), or null when withheld. */
  invoices: InvoiceSummary[] | null;
  invoicesWithheld?: string;
  /**
   * Full records of the invoices whose period starts in the period's months (issued and void):
   * an issued invoice's subscription lines are its month's plan, its fields the net, VAT and
   * gross. Absent or null: no month's plan is known from an invoice, and the workbook says so.
   */
  invoiceRecords?: Invoice[] | null;
  /**
   * The ids of the invoices a month-end run holds back (issued, but its invoice check or the run
   * found an error: the runner README's "held back"), set by the run, not by the API. The workbook
   * lists them as held back and counts them in no total, plan or charge, as void ones; the run's
   * cost in DKK reads the same plans. Absent: every issued invoice counts.
   */
  heldBack?: ReadonlySet<string>;
}

/** Options of `buildCostReport`. */
export interface CostReportOptions {
  /** `da` (default) or `en`, or any language in `locales/`. */
  language?: Language;
  /** The organization's display name (the API has none); defaults to its id. */
  organizationName?: string;
  /**
   * Exchange rates a user gave (parseExchangeRates: the ECB's or Danmarks Nationalbank's), which
   * state an invoice not in DKK in DKK where the record has no rate of its own (EUR, USD without
   * `usd_dkk_rate`): the rate published for the day its VAT became chargeable. Without them such
   * an invoice has no DKK, and the workbook says so.
   */
  rates?: ExchangeRates;
}
