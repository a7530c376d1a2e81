import type { Currency } from '../model/parse/index.js';
import type { Invoice, InvoiceSummary, KeyUsageEntry, OrgKeyUsage, OrgMonthlyUsage, OrgPlanCost } from '../model/index.js';
import { InvoiceListSchema, InvoiceSchema, OrgKeyUsageSchema, OrgMonthlyUsageSchema, OrgPlanCostSchema } from '../model/index.js';
import { CurrencySchema } from '../model/parse/index.js';
import type { CallOptions, KeyUsagePeriod, MonthlyUsagePeriod, ReportingApi } from './api.js';
import { HttpPipeline } from './http-pipeline.js';
import type { RefuseAlso } from './pipeline-options.js';
import { pipelineOptions, setting } from './_config.js';
import type { CommonClientOptions } from './client-options.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { ApiError } from './errors/common/api-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { checkMaxRangeDays, checkKeyUsagePeriod, checkMonthlyUsagePeriod } from './limits/period.js';
import type { KeyUsageHead } from './merge-key-usage.js';
import { readKeyUsageRanges, singleQuery } from './_key-usage-ranges.js';
import { SumPastExactError } from './_sum-past-exact-error.js';
import { readKeyUsageStream } from './_stream-key-usage.js';
import { outputTarget, saveStreamAtomic, SecretFragments } from '../core/index.js';
import type { BodyKind } from './limits/body-limits.js';
import { checkInvoiceId, checkOrgId, checkOrgIdValue } from './_org-id.js';
import { ConfigurationError } from './errors/common/configuration-error.js';
import { checkedWithoutToken, quotedWithoutToken } from './_without-token.js';
import { checkClientOptions } from './_check-options.js';
import { invoicesNamed } from './invoice-number.js';
import { checkListedInvoice } from './listed-invoice.js';
import { NotFoundError } from './errors/common/not-found-error.js';

export interface ReportingClientOptions extends CommonClientOptions {
  /** Reporting token; `SVC_REPORTING_TOKEN` when omitted. */
  token?: string;
  /** The organization reported on; `SVC_ORG_ID` when omitted. */
  orgId?: string;
  /** Longest range one key-usage request may cover (the spec's 366); smaller values split more. */
  maxRangeDays?: number;
  /** @internal A month end's other tokens, refused in parsed answers too (HttpPipelineOptions.refuseAlso). */
  refuseAlso?: RefuseAlso;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PDF_MAGIC = '%PDF-';
const INVOICES_FORBIDDEN = 'invoices are not shared with this organization, or the token belongs to another organization';

/**
 * The reporting API over HTTP (spec reporting-api.md §4, endpoints 1-6), one method per endpoint.
 * Settings come from the options or from SVC_BASE_URL, SVC_REPORTING_TOKEN and SVC_ORG_ID.
 */
export class ReportingClient implements ReportingApi {
  readonly orgId: string;
  /** @internal The request pipeline (the CLI and tests reach it); not part of the package's API, left out of its types. */
  readonly http: HttpPipeline;
  private readonly maxRangeDays: number;
  /** Only to keep the token out of messages: a value quoted back to the caller never shows it (_without-token.ts), its own id does. */
  readonly #token: SecretFragments;

  constructor(options: ReportingClientOptions = {}) {
    checkClientOptions(options, ['token', 'orgId', 'baseUrl'], ['token'], ['maxRangeDays', 'refuseAlso']);
    const env = options.env ?? process.env;
    const token = setting(options.token, env, 'SVC_REPORTING_TOKEN', 'the reporting token', 'create one in the dashboard under Organization › API tokens');
    this.orgId = checkOrgIdValue(setting(options.orgId, env, 'SVC_ORG_ID', 'the organization id', 'the dashboard shows it beside the API tokens; or pass the orgId option'));
    // The token given as the organization id would go into every path, and so into every error's endpoint.
    if (this.orgId.includes(token)) throw new ConfigurationError('the organization id holds the reporting token itself', 'set SVC_ORG_ID (or the orgId option) to the id the dashboard shows', 'SVC_ORG_ID', 'malformed');
    this.#token = new SecretFragments([token], { public: [this.orgId] });
    // Its own id is public though the token may hold it (`rt_org-fjordline_…`): every answer names it.
    this.http = new HttpPipeline({ ...pipelineOptions(options, token, 'reporting token (SVC_REPORTING_TOKEN)', [this.orgId]), ...(options.refuseAlso ? { refuseAlso: options.refuseAlso } : {}) });
    this.maxRangeDays = checkMaxRangeDays(options.maxRangeDays);
  }

  #quoted(value: unknown): string {
    return quotedWithoutToken(value, this.#token);
  }

  #masked<T>(check: () => T): T {
    return checkedWithoutToken(this.#token, check);
  }

  private orgPath(rest = ''): string {
    return `/api/orgs/${encodeURIComponent(this.orgId)}${rest}`;
  }

  private invoicePath(invoiceId: string, rest = ''): string {
    if (!UUID.test(invoiceId)) throw new InvalidRequestError('invoice id', `must be a uuid (got ${this.#quoted(invoiceId)})`);
    return this.orgPath(`/invoices/${invoiceId.toLowerCase()}${rest}`);
  }

  private invoiceRequest(invoiceId: string, rest: string, opts?: CallOptions) {
    return {
      path: this.invoicePath(invoiceId, rest),
      what: `invoice ${invoiceId}`,
      forbidden: INVOICES_FORBIDDEN,
      notFound: `invoice ${invoiceId} of ${this.orgId}`,
      notFoundHint: 'list the organization\'s invoices (listInvoices) for its id',
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

  /** The invoice answered, when it is of this organization and the one asked for. */
  private theInvoice(path: string, asked: string, invoice: Invoice): Invoice {
    checkInvoiceId(this.http.endpointOf({ path }), invoice.id, asked);
    return this.ours(path, invoice);
  }

  /** Endpoint 2: one invoice (money in øre). The id must be a uuid (InvalidRequestError otherwise, before any request). */
  async getInvoice(invoiceId: string, opts?: CallOptions): Promise<Invoice> {
    const req = this.invoiceRequest(invoiceId, '', opts);
    return this.theInvoice(req.path, invoiceId, await this.http.request({ ...req, schema: InvoiceSchema }));
  }

  /**
   * One invoice by its invoice number (`2026-0142`, as printed on it and in `listInvoices`):
   * endpoint 1 to find its id, then endpoint 2. Numbers are compared exactly, and the record must
   * say what the list said of it (checkListedInvoice): an invoice asked for as 2026-0142 is never
   * returned as a record numbered otherwise.
   * @throws NotFoundError when no invoice of the organization has that number
   * @throws InvoiceMismatchError when the record's `invoice_number` or `period_start` is not the list's
   * @throws ResponseSchemaError when the list gives the number to more than one invoice (naming their ids)
   */
  async getInvoiceByNumber(invoiceNumber: string, opts?: CallOptions): Promise<Invoice> {
    if (typeof invoiceNumber !== 'string' || invoiceNumber.trim() === '') throw new InvalidRequestError('invoice number', `must be a non-empty string (got ${this.#quoted(invoiceNumber)})`);
    const path = this.orgPath('/invoices');
    const hits = invoicesNamed(await this.listInvoices(opts), invoiceNumber, false);
    if (hits.length === 0) {
      throw new NotFoundError(this.http.endpointOf({ path }), `invoice number ${this.#quoted(invoiceNumber)} of ${this.orgId}`, 'listInvoices gives the organization\'s invoice numbers');
    }
    if (hits.length > 1) {
      throw new ResponseSchemaError(this.http.endpointOf({ path }), 'invoice_number', `${this.#quoted(invoiceNumber)} is the number of ${hits.length} invoices (${hits.map((h) => h.id).join(', ')}); ask for one by its id`, 200);
    }
    const invoice = await this.getInvoice(hits[0]!.id, opts);
    checkListedInvoice(hits[0]!, invoice);
    return invoice;
  }

  /** Endpoint 2, with the body exactly as sent beside the checked record (for saving and hashing it). */
  async getInvoiceJson(invoiceId: string, opts?: CallOptions): Promise<{ invoice: Invoice; raw: string }> {
    const req = this.invoiceRequest(invoiceId, '', opts);
    const { data, raw } = await this.http.requestJson({ ...req, schema: InvoiceSchema });
    return { invoice: this.theInvoice(req.path, invoiceId, data), raw };
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
   * Endpoint 4: usage per key. The period is checked before any request; one longer than a
   * request may cover (a start/end range over 366 days, `months` over 12) is fetched as
   * successive ranges and merged exactly into one answer; a period reaching past the
   * service's today returns what exists.
   */
  async getKeyUsage(period?: KeyUsagePeriod, opts?: CallOptions): Promise<OrgKeyUsage> {
    const checked = this.#masked(() => checkKeyUsagePeriod(period));
    const one = singleQuery(checked, this.maxRangeDays);
    if (one) return this.fetchKeyUsage(one, opts);
    return this.merging(async () => {
      const merged = await readKeyUsageRanges(checked, this.maxRangeDays, async (query, into) => {
        const part = await this.fetchKeyUsage(query, opts);
        into.add(part);
        return part;
      });
      return merged.result();
    });
  }

  /**
   * Endpoint 4 read as a stream: each key is checked and handed to `onKey` as it arrives, so a
   * response with 100,000 keys is never held whole; returns the rest of the record, checked,
   * with `keys` empty. Any period `getKeyUsage` takes: one that needs several requests is
   * merged first (only the merged keys are held) and its keys handed on highest spend first.
   */
  async streamKeyUsage(period: KeyUsagePeriod | undefined, onKey: (key: KeyUsageEntry, index: number) => void, opts?: CallOptions): Promise<KeyUsageHead> {
    const checked = this.#masked(() => checkKeyUsagePeriod(period));
    const path = this.orgPath('/key-usage');
    const one = singleQuery(checked, this.maxRangeDays);
    if (one) return readKeyUsageStream(this.http, path, this.orgId, one, onKey, opts);
    const { keys, ...head } = await this.merging(async () => {
      const merged = await readKeyUsageRanges(checked, this.maxRangeDays, async (query, into) => {
        const part = await readKeyUsageStream(this.http, path, this.orgId, query, (key) => into.addKey(key), opts);
        into.addHead(part);
        return part;
      });
      return merged.result();
    });
    keys.forEach(onKey);
    return { ...head, keys: [] };
  }

  /**
   * Runs the merge of several key-usage answers: a count that passes 2^53 − 1 only when summed
   * over them is the service's data this client cannot hold exactly, named like any other field
   * it cannot read.
   */
  private async merging<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof SumPastExactError)) throw e;
      const endpoint = this.http.endpointOf({ path: this.orgPath('/key-usage') });
      throw new ResponseSchemaError(endpoint, e.field, 'past 2^53 - 1 when summed over the ranges the period was asked in, beyond exact integers', 200);
    }
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
      query: this.#masked(() => checkMonthlyUsagePeriod(period)),
      what: 'monthly usage',
      schema: OrgMonthlyUsageSchema,
      forbidden: 'usage is not shared with this organization, or the token belongs to another organization',
      ...opts,
    }));
  }

  /** Endpoint 6: the monthly plan cost in `currency` (DKK by default), in minor units of that currency. */
  async getPlanCost(currency?: Currency, opts?: CallOptions): Promise<OrgPlanCost> {
    if (currency !== undefined && !CurrencySchema.safeParse(currency).success) {
      throw new InvalidRequestError('currency', `must be DKK, EUR or USD (got ${this.#quoted(currency)})`);
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
