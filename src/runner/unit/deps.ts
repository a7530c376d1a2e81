import type { RefuseAlso } from '../../client/index.js';
import type { ReportingApi, PartnerApi } from '../../client/index.js';
import type { Invoice, PartnerStatus } from '../../model/index.js';
import type { CostReportData } from '../../report/index.js';
import type { CostInDkk } from '../manifest/manifest.js';
import type { ExchangeRates } from '../../money/index.js';
import type { AnswerTap } from './answer-tap.js';
import type { InvoiceCheckFinding } from '../../check/findings/index.js';

/**
 * What a month-end run is built from: the client, the renderer and the workbook builders.
 * `runMonthEnd` uses the package's own by default; tests and embedders may pass their own.
 */
export interface MonthEndDeps {
  /**
   * `onWarning` is told what the client notices that is no error (an answer that was not valid
   * UTF-8). `answers`: what the client's requests go through (AnswerTap): a run keeps the answers
   * with it, `svc verify` answers from the kept ones.
   */
  reportingClient(options: {
    baseUrl: string; token: string; orgId: string; onWarning?: (message: string) => void; answers?: AnswerTap;
    /** @internal The run's other tokens, for the package's own client to refuse in parsed answers (RunSecrets). */
    refuseAlso?: RefuseAlso;
  }): ReportingApi;
  partnerClient(options: { baseUrl: string; token: string; answers?: AnswerTap; /** The partner's own id, public though its token may hold it (config's `partner.org_id`). */ orgId?: string }): PartnerApi;
  renderInvoicePdf(invoice: Invoice, options: { language?: string; findings?: readonly InvoiceCheckFinding[] }): Promise<Uint8Array>;
  /**
   * The issued invoice's Peppol e-invoice (UBL XML); throws EInvoiceError when the record cannot
   * be mapped (the run notes why and goes on). Leave it out to make no e-invoices.
   */
  renderInvoiceUbl?(invoice: Invoice, options: { language?: string }): Uint8Array;
  /**
   * The records the month's cost workbook is built from (fetched; may throw the client's errors).
   * Fetch them all through `client`: when any request goes through the run's answer tap, the
   * workbook's source (what decides whether a rerun makes it again) is the organization's API
   * answers, so records taken from elsewhere (a cache of the embedder's) would not count; with
   * none through it, the source is a hash of the records themselves.
   */
  fetchCostData(client: ReportingApi, month: string, signal?: AbortSignal): Promise<CostReportData>;
  /** The month's cost in DKK as those records state it; `rates` (the run's rates file) converts invoices not in DKK without a rate of their own. */
  costInDkk(data: CostReportData, month: string, rates?: ExchangeRates): CostInDkk;
  buildCostWorkbook(data: CostReportData, options: { language: string; organizationName: string; rates?: ExchangeRates }): Promise<Uint8Array>;
  buildPartnerWorkbook(status: PartnerStatus, options: { language: string }): Promise<Uint8Array>;
}
