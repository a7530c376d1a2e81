import type { InvoiceSummary } from '../model/index.js';

/**
 * The invoices of `list` that `ref` names: those whose invoice number is `ref`, else, when
 * `idPrefix` allows it, those whose id starts with `ref` (ignoring case). The one lookup of an
 * invoice by what people call it, for `getInvoiceByNumber` and the CLI's invoice arguments.
 */
export function invoicesNamed(list: readonly InvoiceSummary[], ref: string, idPrefix: boolean): InvoiceSummary[] {
  const byNumber = list.filter((i) => i.invoice_number === ref);
  if (byNumber.length > 0 || !idPrefix) return byNumber;
  return list.filter((i) => i.id.toLowerCase().startsWith(ref.toLowerCase()));
}
