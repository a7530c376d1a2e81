import type { Invoice } from '../../model/index.js';
import { invoiceCategories } from '../../model/index.js';
import { compactVatNumber, decideVatFor } from '../../vat/index.js';
import type { InvoiceBooking } from '../manifest/manifest.js';

/**
 * What the books need of an invoice record, read once where the record is (the organization's
 * unit, on any thread or queue worker): its date, the one VAT decision's treatment, the buyer,
 * and its charged lines per category (model/invoice-categories.ts: the `usage_provider` split is
 * not charged). The run's books (runner/figures/books.ts) are made from these and the entry's DKK.
 */
export function invoiceBooking(invoice: Invoice): InvoiceBooking {
  const decision = decideVatFor(invoice);
  const c = invoiceCategories(invoice);
  const categories: InvoiceBooking['categories'] = [];
  if (c.subscription !== 0n || invoice.lines.some((l) => l.kind === 'subscription')) categories.push({ category: 'subscription', cents: Number(c.subscription) });
  if (c.usage !== 0n || invoice.lines.some((l) => l.kind === 'usage')) categories.push({ category: 'usage', cents: Number(c.usage) });
  if (c.hasDevOverage) categories.push({ category: 'dev_overage', cents: Number(c.devOverage) });
  const vat = compactVatNumber(invoice.buyer.vat);
  // A Danish VAT number written without its DK (the CVR's eight digits) is the same seller.
  const seller = compactVatNumber(invoice.seller.vat);
  return {
    invoice_date: invoice.issued_at.slice(0, 10),
    treatment: decision.treatment,
    seller_vat: /^\d{8}$/.test(seller) ? `DK${seller}` : seller,
    buyer_name: invoice.buyer.legal_name,
    ...(decision.treatment === 'reverse_charge' && vat ? { buyer_vat: vat } : {}),
    ...(decision.buyerCountry ? { buyer_country: decision.buyerCountry } : {}),
    categories,
  };
}
