import type { CallOptions, ReportingApi } from '../../client/index.js';
import type { Invoice, InvoiceSummary } from '../../model/index.js';

/**
 * One organization's client for one run, asking the service once for what both of its parts
 * read: the invoice list (the invoices part names its files by it, the cost workbook books the
 * month's invoices from it) and each invoice of the month (the invoices part renders it, the
 * workbook reads its lines). Invoices are immutable, and both parts run one after the other in
 * the same minute, so the second reading would be the first's answer again: two requests of
 * seven, and their parsing, per organization. Only an answer is kept: a failed call is asked
 * again by the next part, as before. A call that wants the answer's text (`onBody`) always asks.
 */
export function answeringOnce(client: ReportingApi): ReportingApi {
  let list: Promise<InvoiceSummary[]> | undefined;
  const invoices = new Map<string, Promise<{ invoice: Invoice; raw: string }>>();
  const kept = <T>(p: Promise<T>, forget: () => void): Promise<T> => {
    p.catch(forget);
    return p;
  };
  const wantsText = (opts?: CallOptions) => opts?.onBody !== undefined;
  const json = (id: string, opts?: CallOptions) => {
    const had = invoices.get(id);
    if (had) return had;
    const p = kept(client.getInvoiceJson(id, opts), () => invoices.delete(id));
    invoices.set(id, p);
    return p;
  };
  return {
    orgId: client.orgId,
    listInvoices: (opts) => {
      if (wantsText(opts)) return client.listInvoices(opts);
      return (list ??= kept(client.listInvoices(opts), () => (list = undefined)));
    },
    getInvoiceJson: (id, opts) => (wantsText(opts) ? client.getInvoiceJson(id, opts) : json(id, opts)),
    getInvoice: (id, opts) => (wantsText(opts) || !invoices.has(id) ? client.getInvoice(id, opts) : json(id, opts).then((r) => r.invoice)),
    getInvoicePdf: (id, opts) => client.getInvoicePdf(id, opts),
    getKeyUsage: (period, opts) => client.getKeyUsage(period, opts),
    streamKeyUsage: (period, onKey, opts) => client.streamKeyUsage(period, onKey, opts),
    getMonthlyUsage: (period, opts) => client.getMonthlyUsage(period, opts),
    getPlanCost: (currency, opts) => client.getPlanCost(currency, opts),
  };
}
