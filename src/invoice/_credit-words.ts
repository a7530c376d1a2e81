import type { CreditNoteDetails, Invoice } from '../model/index.js';
import type { Locale } from '../locale/index.js';
import { clean } from './_text.js';
import { lineTemplate } from './_line-template.js';
import { dateText } from './_date-text.js';
import type { InvoiceWords } from './_words.js';

/**
 * The invoice's words turned into its credit note's: the title, its own number and date and
 * the invoice it credits (number and date, momsbekendtgørelsen § 58, stk. 1, nr. 1–2, and stk. 2; see CreditNoteDetailsSchema) in the facts, the
 * total as credited, the reason first among the notes, and a settlement paragraph instead of the
 * payment request: nothing on it asks for money (no due date, no payment reference, no bank or FI
 * line). No VOID or NOT VALID mark: the credit note is what cancels a void or wrong invoice, and
 * the wrong invoice's errors are its reason, not its notes. Lines, amounts and the VAT notes stay
 * the invoice's (the credit note mirrors it).
 */
export function creditNoteWords(words: InvoiceWords, invoice: Invoice, credit: CreditNoteDetails, locale: Locale): InvoiceWords {
  const k = (key: string, params: Record<string, unknown> = {}): string => lineTemplate(locale, `invoice.${key}`)(params);
  const date = dateText(locale);
  const invoiceDate = date(invoice.issued_at);
  const facts: Array<[string, string, string]> = [
    [k('creditNote.number'), credit.number, 'number'],
    [k('creditNote.issued'), date(credit.issueDate), 'issueDate'],
    [k('creditNote.credits'), k('creditNote.creditsValue', { number: invoice.invoice_number, date: invoiceDate }), 'invoice_number'],
    [k('facts.period'), k('facts.periodRange', { start: date(invoice.period_start), end: date(invoice.period_end) }), 'period_start'],
    [k('facts.currency'), invoice.currency, 'currency'],
  ];
  const totals = words.totals.map((row, i) => (i === words.totals.length - 1 ? { label: k('creditNote.total'), amount: row.amount, strong: true } : row));
  const reason = credit.reason?.trim();
  // The invoice's NOT VALID mark and errors are not the credit note's: it is valid, and the errors are its reason.
  const { voidMark: _mark, voidNote: _note, ...rest } = words;
  return {
    ...rest,
    title: k('creditNote.title'),
    buyerHeading: k('creditNote.buyerHeading'),
    continued: k('creditNote.continued', { number: credit.number }),
    continuedField: 'number',
    facts: facts.map(([label, value, field]) => ({ label, value: clean(value), field })),
    totals,
    notes: [...(reason ? [k('creditNote.reason', { reason: clean(reason) })] : []), ...words.notes],
    closingFields: [...(reason ? [{ field: 'reason', text: clean(reason) }] : []), { field: 'number', text: clean(credit.number) }, ...words.closingFields],
    problems: [],
    paymentHeading: k('creditNote.heading'),
    payment: [
      k('creditNote.settlement', { number: invoice.invoice_number, date: invoiceDate }),
      ...(invoice.seller.email ? [k('creditNote.questions', { email: invoice.seller.email })] : []),
    ].map(clean),
  };
}
