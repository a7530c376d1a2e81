import { fikIdFromNumber } from './fik.js';
import { fikLineText, paymentLineOf, type FikLine } from './payment-line.js';

/**
 * What a payer quotes so that the payment is matched to this one invoice (EN 16931 BT-83, the
 * remittance information / PaymentID), decided once from the record; the PDF, the e-invoice and
 * the month end's uniqueness check read it:
 * - The record's own FI line in `buyer.payment_reference` (`+71<id+creditor<`): that line, its id
 *   the invoice's (checkInvoice checks its card, length, modulus-10 digit and currency).
 * - Else, on a DKK invoice from a seller whose bank text names an FI creditor number (a FI line
 *   `+71<…+85109074<`, or "FI-kreditornr. 85109074"): a +71 (or the card written, +75) line whose
 *   payment id is built from the invoice number (its digits, zero-padded, and the modulus-10
 *   check digit), so each invoice has its own id. A +73 card has no id: the payer writes the
 *   invoice number as the message.
 * - Else the invoice number, which the seller numbers in one unbroken series (momsbekendtgørelsen
 *   § 58, stk. 1, nr. 2) and which is therefore one invoice's alone: the reference Danish bank
 *   transfers and bookkeeping systems (e-conomic, Dinero, Billy) match a payment by.
 * The buyer's own reference (`buyer.payment_reference` when it is no payment line, e.g. a purchase
 * order number) is never the payment reference: it names the buyer's order, which several
 * invoices share; it is printed as the buyer's reference and is the e-invoice's BuyerReference.
 */
export interface PaymentReference {
  /** What the payer quotes, one invoice's alone: the FI line with its payment id, or the invoice number. */
  quote: string;
  /** The FI line to pay by, when the invoice is paid by FI card. */
  fik?: FikLine;
  /** Where the FI line comes from: the record's own line, or built from the seller's creditor number (in `seller.bank`). */
  from?: 'buyer.payment_reference' | 'seller.bank';
}

/** An FI creditor number named in words in a bank text: "FI-kreditornr. 85109074", "FI creditor number 85109074", "kreditornr. 85109074". */
const CREDITOR_WORDS = /\b(?:FI[- ]?kreditor(?:nummer|nr\.?)?|FI[- ]?creditor(?:\s+(?:no\.?|number))?|kreditornr\.?|kreditornummer)\s*:?\s*(\d{8})\b/i;

/** The seller's FI card and creditor number from its bank text, when it has an FI agreement. */
export function sellerCreditor(bank: string): { card: FikLine['card']; creditor: string } | undefined {
  const line = paymentLineOf({ seller: { bank }, buyer: { payment_reference: '' } });
  if (line && 'fik' in line) return { card: line.fik.card, creditor: line.fik.creditor };
  const words = CREDITOR_WORDS.exec(bank);
  return words ? { card: '71', creditor: words[1]! } : undefined;
}

/** The invoice's payment reference (see PaymentReference). */
export function paymentReference(invoice: { invoice_number: string; currency: string; seller: { bank: string }; buyer: { payment_reference: string } }): PaymentReference {
  const line = paymentLineOf(invoice);
  if (line && line.path === 'buyer.payment_reference' && 'fik' in line) {
    return { quote: line.fik.id ? fikLineText(line.fik) : invoice.invoice_number, fik: line.fik, from: 'buyer.payment_reference' };
  }
  const seller = invoice.currency === 'DKK' ? sellerCreditor(invoice.seller.bank) : undefined;
  if (seller && (!line || line.path === 'seller.bank')) {
    if (seller.card === '73') return { quote: invoice.invoice_number, fik: { card: '73', id: '', creditor: seller.creditor }, from: 'seller.bank' };
    const id = fikIdFromNumber(invoice.invoice_number, seller.card);
    if (id) {
      const fik: FikLine = { card: seller.card, id, creditor: seller.creditor };
      return { quote: fikLineText(fik), fik, from: 'seller.bank' };
    }
  }
  return { quote: invoice.invoice_number };
}
