import type { CallOptions, PartnerApi, ReportingApi } from '../../src/client/api.js';
import type { Invoice, InvoiceSummary } from '../../src/model/index.js';
import type { CostReportData } from '../../src/report/types.js';
import type { MonthEndDeps } from '../../src/runner/unit/deps.js';

/** An error shaped like the client's ApiError (a message and an HTTP status). */
export class FakeHttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export function invoice(orgId: string, n: number, over: Partial<Invoice> = {}): Invoice {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id, org_id: orgId, invoice_number: `2026-${1000 + n}`, status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31',
    issued_at: `2026-11-0${(n % 9) + 1}T09:00:00Z`, due_at: '2026-11-30', currency: 'DKK', language: 'da',
    subscription_subtotal_cents: 100000, usage_subtotal_cents: 25000, subtotal_cents: 125000, total_cents: 156250,
    vat_cents: 31250, vat_rate_bps: 2500, usd_dkk_rate: null,
    seller: { legal_name: 'Serviceværket ApS', address: 'Strandgade 12', cvr: '41234567', vat: 'DK41234567', email: 'faktura@servicevaerket.dk', bank: 'Danske Bank' },
    buyer: { legal_name: orgId, attention: '', address_line1: '', address_line2: '', postal_code: '', city: '', country: '', cvr: '', vat: '', ean: '', payment_reference: '' },
    lines: [], ...over,
  };
}

function summaryOf(i: Invoice): InvoiceSummary {
  return { id: i.id, invoice_number: i.invoice_number, status: i.status, period_start: i.period_start, issued_at: i.issued_at, due_at: i.due_at, currency: i.currency, total_cents: i.total_cents };
}

/** One organization of the fake service: its invoices and which calls fail how. */
export interface FakeOrg {
  invoices: Invoice[];
  listError?: FakeHttpError;
  getError?: FakeHttpError;
  costError?: FakeHttpError;
  pdfError?: FakeHttpError;
  /** Milliseconds each call waits (to interrupt runs mid-way). */
  delayMs?: number;
}

export class FakeService {
  readonly calls: string[] = [];
  renders = 0;
  constructor(readonly orgs: Record<string, FakeOrg>, readonly tokens: Record<string, string>) {}

  private async wait(org: FakeOrg, signal?: AbortSignal): Promise<void> {
    if (org.delayMs) await new Promise((r) => setTimeout(r, org.delayMs));
    signal?.throwIfAborted();
  }

  client(token: string, orgId: string): ReportingApi {
    // The returned object's methods have their own `this`: the fake's call log and delay, bound here.
    const calls = this.calls;
    const wait = (o: FakeOrg, signal?: AbortSignal) => this.wait(o, signal);
    const org = this.orgs[orgId];
    if (!org || this.tokens[orgId] !== token) throw new Error('fake: wrong token');
    const find = (id: string) => org.invoices.find((i) => i.id === id)!;
    return {
      orgId,
      async listInvoices(o?: CallOptions) {
        calls.push(`list ${orgId}`);
        await wait(org, o?.signal);
        if (org.listError) throw org.listError;
        return [...org.invoices].reverse().map(summaryOf);
      },
      async getInvoice(id: string) { return find(id); },
      async getInvoiceJson(id: string, o?: CallOptions) {
        calls.push(`get ${orgId} ${id}`);
        await wait(org, o?.signal);
        if (org.getError) throw org.getError;
        return { invoice: find(id), raw: JSON.stringify(find(id)) };
      },
      async getInvoicePdf(id: string) {
        calls.push(`pdf ${orgId} ${id}`);
        if (org.pdfError) throw org.pdfError;
        return new TextEncoder().encode(`%PDF service ${id}`);
      },
      async getKeyUsage() { throw new Error('unused'); },
      async streamKeyUsage() { throw new Error('unused'); },
      async getMonthlyUsage() { throw new Error('unused'); },
      async getPlanCost() { throw new Error('unused'); },
    };
  }

  deps(): MonthEndDeps {
    return {
      reportingClient: ({ token, orgId }) => this.client(token, orgId),
      partnerClient: ({ token }): PartnerApi => ({
        getPartnerStatus: async () => {
          if (token !== this.tokens['partner']) throw new FakeHttpError(401, 'the partner token was refused');
          return { org_id: 'org-partner', name: 'Partner', key_count: 0, keys_missing_recommended: 0, profiles: [], customers: [] };
        },
      }),
      renderInvoicePdf: async (inv, { language }) => {
        this.renders++;
        return new TextEncoder().encode(`%PDF ${inv.id} ${inv.invoice_number} ${inv.total_cents} ${language}`);
      },
      fetchCostData: async (client, month) => {
        const org = this.orgs[client.orgId]!;
        this.calls.push(`cost ${client.orgId}`);
        if (org.costError) throw org.costError;
        // Only what the run reads of cost records (they are hashed by content, keys through rows()).
        const keyUsage = { org_id: client.orgId, keys: { length: 0, rows: () => [] } };
        return { orgId: client.orgId, period: { month }, spend: org.invoices.length, keyUsage, keyUsageByMonth: [] } as unknown as CostReportData;
      },
      costInDkk: (data) => {
        const n = (data as unknown as { spend: number }).spend;
        return { usage_dkk: `${n}00.5`, usage_usd: `${n}5`, rate_estimated: false, plan_dkk_cents: 10000, total_dkk: `${n + 1}00.5` };
      },
      buildCostWorkbook: async (data, { language }) => new TextEncoder().encode(`XLSX ${JSON.stringify(data)} ${language}`),
      buildPartnerWorkbook: async (status) => new TextEncoder().encode(`XLSX partner ${status.org_id}`),
    };
  }
}
