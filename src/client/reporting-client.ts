import type {
  Currency,
  Invoice,
  InvoiceSummary,
  OrgKeyUsage,
  OrgMonthlyUsage,
  OrgPlanCost,
} from '../model/index.js';
import {
  InvoiceListSchema,
  InvoiceSchema,
  OrgKeyUsageSchema,
  OrgMonthlyUsageSchema,
  OrgPlanCostSchema,
  currency as currencySchema,
} from '../model/index.js';
import type { CallOptions, KeyUsagePeriod, MonthlyUsagePeriod, ReportingApi } from './api.js';
import { HttpPipeline } from './client.js';
import { pipelineOptions, setting, type CommonClientOptions } from './_config.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { ApiError } from './errors/api-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { MAX_RANGE_DAYS, checkKeyUsagePeriod, checkMonthlyUsagePeriod, splitRange } from './period.js';
import { mergeKeyUsage } from './merge-key-usage.js';
import { outputTarget, saveStreamAtomic } from '../core/atomic-write.js';
import type { BodyKind } from './body-limits.js';
import { checkOrgId, checkOrgIdValue } from './_org-id.js';

export interface ReportingClientOptions extends CommonClientOptions {
  /** Reporting token; `SVC_REPORTING_TOKEN` when omitted. */
  token?: string;
  /** The organization reported on; `SVC_ORG_ID` when omitted. */
  orgId?: string;
  /** Longest range one key-usage request may cover (the spec's 366); smaller values split more. */
  maxRangeDays?: number;
}

/** `months` up to 12 never spans more than 366 days (11 whole months and part of the current one). */
const MAX_SINGLE_REQUEST_MONTHS = 12;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PDF_MAGIC = '%PDF-';
const INVOICES_FORBIDDEN = 'invoices are not shared with this organization, or the token belongs to another organization';

/**
 * The reporting API over HTTP (spec reporting-api.md §4, endpoints 1-6), one method per endpoint.
 * Settings come from the options or from SVC_BASE_URL, SVC_REPORTING_TOKEN and SVC_ORG_ID.
 */
export class ReportingClient implements ReportingApi {
  readonly orgId: string;
  readonly http: HttpPipeline;
  private readonly maxRangeDays: number;

  constructor(options: ReportingClientOptions = {}) {
    const env = options.env ?? process.env;
    const token = setting(options.token, env, 'SVC_REPORTING_TOKEN', 'the reporting token', 'create one in the dashboard under Organization › API tokens');
    this.orgId = checkOrgIdValue(setting(options.orgId, env, 'SVC_ORG_ID', 'the organization id', 'the dashboard shows it beside the API tokens; or pass --org'));
    this.http = new HttpPipeline(pipelineOptions(options, token, 'reporting token (SVC_REPORTING_TOKEN)'));
    this.maxRangeDays = options.maxRangeDays ?? MAX_RANGE_DAYS;
    if (!Number.isInteger(this.maxRangeDays) || this.maxRangeDays < 1 || this.maxRangeDays > MAX_RANGE_DAYS) {
      throw new InvalidRequestError('maxRangeDays', `must be a whole number from 1 to ${MAX_RANGE_DAYS}`);
    }
  }

  private orgPath(rest = ''): string {
    return `/api/orgs/${encodeURIComponent(this.orgId)}${rest}`;
  }

  private invoicePath(invoiceId: string, rest = ''): string {
    if (!UUID.test(invoiceId)) throw new InvalidRequestError('invoice id', `must be a uuid (got ${JSON.stringify(invoiceId)})`);
    return this.orgPath(`/invoices/${invoiceId.toLowerCase()}${rest}`);
  }

  private invoiceRequest(invoiceId: string, rest: string, opts?: CallOptions) {
    return {
      path: this.invoicePath(invoiceId, rest),
      what: `invoice ${invoiceId}`,
      forbidden: INVOICES_FORBIDDEN,
      notFound: `invoice ${invoiceId} of ${this.orgId}`,
      notFoundHint: 'list the organization\'s invoices with "svc invoices list"',
      ...opts,
    };
  }

  /** Endpoint 1: the organization's invoices, newest first (void ones included). */
  async listInvoices(opts?: CallOptions): Promise<InvoiceSummary[]> {
    return this.http.request({ path: this.orgPath('/invoices'), what: 'invoice list', schema: InvoiceListSchema, forbidden: INVOICES_FORBIDDEN, ...opts });
  }

  /** A record of another organization than the one asked for is a ResponseSchemaError naming both ids. */
  private ours<T extends { org_id: string }>(path: string, record: T): T {
    checkOrgId(this.http.endpointOf({ path }), record.org_id, this.orgId);
    return record;
  }

  /** Endpoint 2: one invoice (money in øre). The id must be a uuid (InvalidRequestError otherwise, before any request). */
  async getInvoice(invoiceId: string, opts?: CallOptions): Promise<Invoice> {
    const req = this.invoiceRequest(invoiceId, '', opts);
    return this.ours(req.path, await this.http.request({ ...req, schema: InvoiceSchema }));
  }

  /** Endpoint 2, with the body exactly as sent beside the checked record (for saving and hashing it). */
  async getInvoiceJson(invoiceId: string, opts?: CallOptions): Promise<{ invoice: Invoice; raw: string }> {
    const req = this.invoiceRequest(invoiceId, '', opts);
    const { data, raw } = await this.http.requestJson({ ...req, schema: InvoiceSchema });
    return { invoice: this.ours(req.path, data), raw };
  }

  /** Endpoint 3: the service's own PDF in memory, checked to start with `%PDF-`. */
  async getInvoicePdf(invoiceId: string, opts?: CallOptions): Promise<Uint8Array> {
    const req = { ...this.invoiceRequest(invoiceId, '/pdf', opts), responseType: 'bytes' as const, accept: 'application/pdf' };
    const bytes = await this.http.request({ ...req, bodyKind: 'pdf' });
    const bad = this.notPdf(Buffer.from(bytes.subarray(0, PDF_MAGIC.length)), req.path);
    if (bad) throw bad;
    return bytes;
  }

  /**
   * Streams the service's PDF into `path` without holding it in memory; the file appears whole
   * or not at all (temp file + rename), and an existing file is only replaced by a complete PDF.
   * A symlink is written through to its target. Returns the size in bytes.
   * @throws OutputPathError before any request when `path` is a folder, FIFO, device or a link to nothing
   * @throws OutputWriteError naming the file when it cannot be written (a full disk)
   */
  async saveInvoicePdf(invoiceId: string, path: string, opts?: CallOptions): Promise<number> {
    const req = { ...this.invoiceRequest(invoiceId, '/pdf', opts), responseType: 'stream' as const, accept: 'application/pdf' };
    // A path that cannot be written is refused before the request (and checked again when saving).
    await outputTarget(path);
    const body = await this.http.request(req);
    const endpoint = this.http.endpointOf(req);
    return saveStreamAtomic(body, path, {
      headBytes: PDF_MAGIC.length,
      checkHead: (head) => this.notPdf(head, req.path),
      mapReadError: (e) => {
        if (opts?.signal?.aborted) return opts.signal.reason;
        // The deadline and the size cap end the stream with their own errors.
        if (e instanceof ApiError) return e;
        const code = (e as { code?: unknown }).code;
        return new ConnectionError(endpoint, this.http.baseUrl.origin, typeof code === 'string' ? code : undefined, { afterAnswer: true });
      },
    });
  }

  private notPdf(head: Buffer, path: string): ResponseSchemaError | undefined {
    if (head.toString('latin1').startsWith(PDF_MAGIC)) return undefined;
    return new ResponseSchemaError(this.http.endpointOf({ path }), '$', 'not a PDF (it does not start with %PDF-)', 200);
  }

  /**
   * Endpoint 4: usage per key. The period is checked before any request; a start/end range longer than 366
   * days is fetched as successive ranges and merged exactly into one answer. Later ranges that
   * lie wholly after the service's today (it clamps the end) are not requested.
   */
  async getKeyUsage(period?: KeyUsagePeriod, opts?: CallOptions): Promise<OrgKeyUsage> {
    const checked = checkKeyUsagePeriod(period);
    if (checked.kind === 'months' && checked.query.months > MAX_SINGLE_REQUEST_MONTHS) return this.trailingMonths(checked.query.months, opts);
    if (checked.kind !== 'range') return this.fetchKeyUsage(checked.query, opts);
    return this.fetchRanges(checked.query.start_date, checked.query.end_date, undefined, opts);
  }

  /**
   * Ranges of at most maxRangeDays from `start` to `end`, oldest first, merged with `last`
   * (the newest part, when already fetched). Each range is merged in as soon as it arrives
   * (the merge is associative), so only the running answer and the range being read are held.
   */
  private async fetchRanges(start: string, end: string, last: OrgKeyUsage | undefined, opts?: CallOptions): Promise<OrgKeyUsage> {
    let merged: OrgKeyUsage | undefined;
    for (const range of splitRange(start, end, this.maxRangeDays)) {
      const part = await this.fetchKeyUsage(range, opts);
      merged = merged === undefined ? part : mergeKeyUsage([merged, part]);
      if (part.end_date < range.end_date) break;
    }
    return last === undefined ? merged! : mergeKeyUsage([merged!, last]);
  }

  /**
   * `months` over 12 can span more than 366 days. The service's "today" decides where the
   * months end, so the current month is fetched first (its answer says which month and day
   * that is); the earlier months follow as date ranges and everything is merged.
   */
  private async trailingMonths(months: number, opts?: CallOptions): Promise<OrgKeyUsage> {
    const current = await this.fetchKeyUsage({}, opts);
    const [y, m] = current.start_date.split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(y, m - 1 - (months - 1), 1));
    if (first.getUTCFullYear() < 1) throw new InvalidRequestError('months', `reaches before year 1 (got ${months})`);
    const start = first.toISOString().slice(0, 10);
    const dayBefore = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    return this.fetchRanges(start, dayBefore, current, opts);
  }

  private async fetchKeyUsage(query: Record<string, string | number>, opts?: CallOptions): Promise<OrgKeyUsage> {
    const path = this.orgPath('/key-usage');
    return this.ours(path, await this.http.request({
      path,
      query,
      what: 'key usage',
      bodyKind: 'keyUsage' satisfies BodyKind,
      schema: OrgKeyUsageSchema,
      forbidden: 'usage is not shared with this organization, or the token belongs to another organization',
      ...opts,
    }));
  }

  /** Endpoint 5: usage per calendar month, oldest first (trailing 12 by default; `months` 0-60 or a `year`, checked first). */
  async getMonthlyUsage(period?: MonthlyUsagePeriod, opts?: CallOptions): Promise<OrgMonthlyUsage> {
    const path = this.orgPath('/monthly-usage');
    return this.ours(path, await this.http.request({
      path,
      query: checkMonthlyUsagePeriod(period),
      what: 'monthly usage',
      schema: OrgMonthlyUsageSchema,
      forbidden: 'usage is not shared with this organization, or the token belongs to another organization',
      ...opts,
    }));
  }

  /** Endpoint 6: the monthly plan cost in `currency` (DKK by default), in minor units of that currency. */
  async getPlanCost(currency?: Currency, opts?: CallOptions): Promise<OrgPlanCost> {
    if (currency !== undefined && !currencySchema.safeParse(currency).success) {
      throw new InvalidRequestError('currency', `must be DKK, EUR or USD (got ${JSON.stringify(currency)})`);
    }
    return this.http.request({
      path: this.orgPath('/plan-cost'),
      query: { currency },
      what: 'plan cost',
      schema: OrgPlanCostSchema,
      forbidden: 'the subscription is not shared with this organization, or the token belongs to another organization',
      ...opts,
    });
  }
}
