import type { Invoice } from '../model/index.js';
import { checkInvoiceRecord } from '../check/index.js';
import type { InvoiceCheckFinding } from '../check/findings/index.js';
import { vatFromBps } from '../money/index.js';
import { EInvoiceError } from './einvoice-error.js';

/** The finding's message without its field in front: the error's message names the field once. */
function reasonOf(f: InvoiceCheckFinding): string {
  return f.message.startsWith(f.path) ? f.message.slice(f.path.length).replace(/^:?\s*/, '') : f.message;
}

/**
 * No e-invoice leaves with an error-severity finding of checkInvoice: Peppol would deliver it as
 * it is (VAT in USD only, Danish VAT to an EU business, a total that is not subtotal + VAT, …),
 * and the official rules catch only some of these (they tolerate a VAT amount up to 1.00 off).
 * The first error refuses the document, naming its field and code. Warnings do not. `findings`:
 * checkInvoiceRecord(invoice), when the caller has them already.
 * @throws EInvoiceError with the finding's path, message and code
 */
export function refuseErrorFindings(invoice: Invoice, findings: readonly InvoiceCheckFinding[] = checkInvoiceRecord(invoice)): void {
  const error = findings.find((f) => f.severity === 'error');
  if (error) throw new EInvoiceError(error.path, reasonOf(error), error.code);
}

/**
 * Which of checkInvoice's errors the official Peppol BIS 3 rules (2026.5, the CEN part
 * validation-1.3.16) also reject, in a document that states the invoice's own figures as a
 * mirroring credit note must: the rule, or undefined when the rules let the figure through.
 * Measured with shared/einvoice/validate on mirrored credit notes of each error (see
 * test/einvoice/error-findings.test.ts and peppol-rules.test.ts in the repository).
 */
const RULES: Record<string, (invoice: Invoice, f: InvoiceCheckFinding) => string | undefined> = {
  // A line's amount within 0.02 of quantity × price passes (PEPPOL-EN16931-R120's slack).
  line_total: (invoice, f) => {
    const line = invoice.lines[Number(/^lines\[(\d+)\]/.exec(f.path)?.[1])];
    if (!line) return 'PEPPOL-EN16931-R120';
    const off = BigInt(line.line_total_cents) - BigInt(line.quantity) * BigInt(line.unit_price_cents);
    return (off < 0n ? -off : off) > 2n ? 'PEPPOL-EN16931-R120' : undefined;
  },
  // A VAT amount less than 1.00 from taxable amount × rate (rounded to two decimals) passes BR-CO-17 and BR-S-09.
  vat: (invoice) => (Math.abs(invoice.vat_cents - vatFromBps(invoice.subtotal_cents, invoice.vat_rate_bps)) >= 100 ? 'BR-CO-17, BR-S-09' : undefined),
  // The total with VAT must be exactly the total without VAT plus the VAT.
  total: () => 'BR-CO-15',
};

/**
 * A credit note mirrors the invoice it cancels, errors included (its findings are the credit
 * note's reason), so only what the Peppol rules themselves would reject in it refuses its XML:
 * a line amount that is not quantity × price, a VAT amount 1.00 or more off, a total that is not
 * net + VAT. The credit note's PDF is made all the same (renderCreditNotePdf). `findings` as for refuseErrorFindings.
 * @throws EInvoiceError with the finding's path and code, naming the rule
 */
export function refuseUnmirrorable(invoice: Invoice, findings: readonly InvoiceCheckFinding[] = checkInvoiceRecord(invoice)): void {
  for (const f of findings) {
    const rule = f.severity === 'error' ? RULES[f.code]?.(invoice, f) : undefined;
    if (rule) throw new EInvoiceError(f.path, `${reasonOf(f)}; the Peppol rules (${rule}) reject a credit note that states it as the invoice did`, f.code);
  }
}
