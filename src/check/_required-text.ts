import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';

/**
 * The fields every invoice must state (momsbekendtgørelsen § 58, stk. 1: nr. 2 the sequential
 * number, nr. 4 the seller's and the buyer's name and the seller's address; VAT Directive art.
 * 226 points 2 and 5), as the record carries them. The buyer's address is not among them: a
 * record may give it in lines the API leaves empty, and the PDF prints what there is.
 */
const REQUIRED: ReadonlyArray<readonly [string, (i: Invoice) => string]> = [
  ['invoice_number', (i) => i.invoice_number],
  ['seller.legal_name', (i) => i.seller.legal_name],
  ['seller.address', (i) => i.seller.address],
  ['buyer.legal_name', (i) => i.buyer.legal_name],
];

/**
 * `text_missing` (error): a field the law puts on every invoice is empty, or blank once the
 * record's invisible characters are gone (they are removed where the record enters: an invoice
 * number of only U+200B is ""). Such a document would print as a valid invoice with a blank
 * number or no seller, and an e-invoice without them is refused by the rules (BR-02, BR-06, BR-07).
 */
export function requiredTextFindings(invoice: Invoice): InvoiceCheckFinding[] {
  return REQUIRED.flatMap(([path, read]) => read(invoice).trim() ? [] : [{
    code: 'text_missing' as const, severity: 'error' as const, path,
    message: `${path} is empty: an invoice must state it (momsbekendtgørelsen § 58, stk. 1)`,
    params: { field: path },
  }]);
}
