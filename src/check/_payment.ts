import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';
import { fikCheckDigit, fikIdProblem } from './fik.js';
import { paymentLineOf } from './payment-line.js';
import { paymentReference, sellerCreditor } from './payment-reference.js';

/**
 * A payment line the buyer cannot use: one that is no FI line svc can state
 * (`payment_line_unknown`), the record's FI line on an invoice that is not in DKK (`fik_not_dkk`:
 * an FI card pays Danish kroner only), or a payment id failing its modulus-10 check digit
 * (`fik_check_digit`: the payer's bank refuses it). All are errors: the invoice would tell the
 * buyer to pay in a way that cannot work. `fik_id_not_built` (a warning): the seller has an FI
 * creditor number, but the invoice number cannot be made a payment id (no digits, or more than
 * the id holds), so the invoice asks for a bank transfer quoting its number instead.
 */
export function paymentFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const line = paymentLineOf(invoice);
  if (line && 'problem' in line) {
    return [{ code: 'payment_line_unknown', severity: 'error', path: line.path, message: `${line.path} "${line.text}" ${line.problem}`, params: { field: line.path, text: line.text } }];
  }
  const findings: InvoiceCheckFinding[] = [];
  if (line && line.path === 'buyer.payment_reference') {
    if (invoice.currency !== 'DKK') {
      findings.push({
        code: 'fik_not_dkk', severity: 'error', path: line.path,
        message: `${line.path} "${line.text}" is a FI payment line (+${line.fik.card}), which pays Danish kroner only, but the invoice is in ${invoice.currency}`,
        params: { field: line.path, text: line.text, card: line.fik.card, currency: invoice.currency },
      });
    }
    const problem = line.fik.id ? fikIdProblem(line.fik.id) : undefined;
    if (problem) {
      findings.push({
        code: 'fik_check_digit', severity: 'error', path: line.path,
        message: `${line.path} "${line.text}": the payment id ${line.fik.id} ${problem}`,
        params: { field: line.path, text: line.text, id: line.fik.id, ...checkDigitParams(line.fik.id) },
      });
    }
    return findings;
  }
  const seller = invoice.currency === 'DKK' ? sellerCreditor(invoice.seller.bank) : undefined;
  if (seller && !paymentReference(invoice).fik) {
    findings.push({
      code: 'fik_id_not_built', severity: 'warning', path: 'invoice_number',
      message: `seller.bank names the FI creditor number ${seller.creditor}, but invoice_number "${invoice.invoice_number}" cannot be made a +${seller.card} payment id (it needs 1 to ${seller.card === '71' ? 14 : 15} digits), so the payer is asked to quote the invoice number`,
      params: { creditor: seller.creditor, card: seller.card, number: invoice.invoice_number, digits: seller.card === '71' ? 14 : 15 },
    });
  }
  return findings;
}

/** The digits fik_check_digit names: the check digit the id should end in, and the one it has (the id is digits: paymentLineOf reads no other). */
function checkDigitParams(id: string): { expected: string; got: string } {
  return { expected: String(fikCheckDigit(id.slice(0, -1))), got: id.slice(-1) };
}
