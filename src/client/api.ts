import type { KeyUsageHead } from './merge-key-usage.js';
import type { Currency } from '../model/parse/index.js';
import type { Invoice, InvoiceSummary, KeyUsageEntry, OrgKeyUsage, OrgMonthlyUsage, OrgPlanCost, PartnerStatus, KeyFieldsRecord, SearchRequest, SearchResponse } from '../model/index.js';

/**
 * The period of a key-usage request: exactly one of the spec's styles, or none (current month to date).
 * `month` is `YYYY-MM`; dates are `YYYY-MM-DD` (UTC).
 */
export type KeyUsagePeriod =
  | { month: string }
  | { year: number }
  | { months: number }
  | { start_date: string; end_date: string }
  | Record<string, never>;

/** Monthly-usage window: trailing `months` (default 12, max 60) or one calendar `year`. */
export type MonthlyUsagePeriod = { months?: number } | { year: number };

/** Per-call options of every client method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds for this call (each attempt); overrides the client's default. */
  timeoutMs?: number;
  /**
   * Receives each JSON answer exactly as the service sent it, before it is checked (one per
   * request: a key-usage period longer than 366 days gives several), e.g. to print the API's data
   * with fields beyond the spec's that the checked record leaves out.
   */
  onBody?: (text: string) => void;
  /**
   * Receives the time each answer says the service sent it (its `Date` header), when it has a
   * readable one: the service's clock, e.g. to take "today" from the service rather than from
   * this computer (`svc usage` does).
   */
  onServiceDate?: (date: Date) => void;
}

/**
 * The reporting API (spec reporting-api.md §4) as the rest of the package uses it. `ReportingClient`
 * implements it over HTTP; tests and embedders may supply their own.
 */
export interface ReportingApi {
  /** The organization this client reports on. */
  readonly orgId: string;
  listInvoices(opts?: CallOptions): Promise<InvoiceSummary[]>;
  getInvoice(invoiceId: string, opts?: CallOptions): Promise<Invoice>;
  /** The invoice exactly as the API sent it (for saving the source record and hashing it). */
  getInvoiceJson(invoiceId: string, opts?: CallOptions): Promise<{ invoice: Invoice; raw: string }>;
  /** The service's own PDF rendering. */
  getInvoicePdf(invoiceId: string, opts?: CallOptions): Promise<Uint8Array>;
  getKeyUsage(period?: KeyUsagePeriod, opts?: CallOptions): Promise<OrgKeyUsage>;
  /**
   * The same answer with its keys handed to `onKey` one at a time (highest spend first) instead
   * of held in a list; returns the rest with `keys` empty. Over HTTP nothing is held whole.
   */
  streamKeyUsage(period: KeyUsagePeriod | undefined, onKey: (key: KeyUsageEntry, index: number) => void, opts?: CallOptions): Promise<KeyUsageHead>;
  getMonthlyUsage(period?: MonthlyUsagePeriod, opts?: CallOptions): Promise<OrgMonthlyUsage>;
  getPlanCost(currency?: Currency, opts?: CallOptions): Promise<OrgPlanCost>;
}

/** Partner status needs a partner token, so it is its own surface. */
export interface PartnerApi {
  getPartnerStatus(opts?: CallOptions): Promise<PartnerStatus>;
}

/** The gateway endpoints of gateway-and-cli.md §4 (API-key auth). */
export interface GatewayApi {
  getKeyFields(opts?: CallOptions): Promise<KeyFieldsRecord>;
  search(request: SearchRequest, opts?: CallOptions): Promise<SearchResponse>;
}
