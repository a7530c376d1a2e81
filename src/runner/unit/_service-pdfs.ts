import type { ReportingApi } from '../../client/index.js';
import { classifyError, messageOf } from './_classify.js';
import type { InvoiceEntry, PartOutcome } from '../manifest/manifest.js';
import type { OutputWriter } from '../manifest/_output-writer.js';

/** What a service PDF is saved as: beside the invoice's own files, from the same source. */
export interface ServicePdfAt {
  stem: string;
  sourceHash: string;
  source: string;
}

/**
 * The service's own PDFs of an organization's invoices (`--with-service-pdf`), an extra beside
 * our documents: its failure is the part `service_pdfs`, and our documents go on. A 409 for one
 * invoice's PDF (a record the service cannot print as stored) answers for that invoice: the
 * others' are still fetched, and the part names each refused invoice. Any other failure stops
 * the part (the service is down, or refuses the token), as before.
 */
export class ServicePdfs {
  private error: unknown;
  /** `invoice 2026-0131: <the 409's words>` for each invoice whose PDF the service refused. */
  private readonly refused: string[] = [];

  constructor(
    private readonly client: ReportingApi,
    private readonly writer: OutputWriter,
    private readonly orgId: string,
    private readonly signal: AbortSignal,
  ) {}

  /** Saves the invoice's service PDF into `entry.files`, unless the part has stopped. True when one was saved. */
  async save(entry: InvoiceEntry, invoiceId: string, at: ServicePdfAt): Promise<boolean> {
    if (this.error !== undefined) return false;
    try {
      // Invoices are immutable, so the service's PDF is current while the invoice's JSON is.
      const service = await this.writer.emit({
        path: `${at.stem}.service.pdf`, org_id: this.orgId, kind: 'service_pdf', source_sha256: at.sourceHash, source: at.source,
        generator: 'api', produce: () => this.client.getInvoicePdf(invoiceId, { signal: this.signal }),
      });
      entry.files.push(service.path);
      return true;
    } catch (e) {
      if (this.signal.aborted) throw e;
      if ((e as { status?: unknown }).status === 409) this.refused.push(`invoice ${entry.invoice_number}: ${messageOf(e)}`);
      else this.error = e;
      return false;
    }
  }

  /** The part as the manifest records it. */
  part(tokenEnv: string): PartOutcome {
    if (this.error !== undefined) {
      const c = classifyError(this.error, tokenEnv);
      return { part: 'service_pdfs', status: c.status, reason: [c.reason, ...this.refused].join('; '), ...(c.http_status ? { http_status: c.http_status } : {}) };
    }
    // Skipped as every 409 is (the service withheld them), each refused invoice named.
    if (this.refused.length) return { part: 'service_pdfs', status: 'skipped', reason: `409: ${this.refused.join('; ')}`, http_status: 409 };
    return { part: 'service_pdfs', status: 'ok' };
  }
}
