import type { InvoiceCheckFinding } from '../../check/findings/index.js';
import type { Invoice } from '../../model/index.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { creditNoteOfFile, type MadeCreditNote } from '../run/_credit-note-numbers.js';

/**
 * The credit notes an earlier run of the month made of this unit's invoices, by invoice id, read
 * from the earlier manifest's entries of their PDFs (`previous`: a checkpoint keeps them too).
 */
export function creditNotesMadeIn(previous: readonly ManifestFile[]): Map<string, MadeCreditNote> {
  const made = new Map<string, MadeCreditNote>();
  for (const f of previous) {
    const note = creditNoteOfFile(f);
    if (note) made.set(note.invoice, { number: note.number, issue_date: note.issue_date });
  }
  return made;
}

/**
 * `credited_earlier` (error): an earlier run of the month (or of another month, whose folder
 * has it: the service moved the invoice's period since) made a credit note of this issued
 * invoice, so it is cancelled, whatever this run finds in its record. A credit note once made
 * stays made (its number is issued, and it may have been sent): an invoice an older build held
 * back and this one finds valid, or one the service corrected in place after it was credited,
 * must not be booked again beside the credit note that cancels it (the books would state its
 * revenue and VAT while the credit note sent to the buyer takes them back). A new invoice
 * replaces it (momsbekendtgørelsen § 58, stk. 2: the credit note refers to the invoice it cancels).
 */
export function creditedEarlier(invoice: Invoice, made: ReadonlyMap<string, MadeCreditNote>): InvoiceCheckFinding | undefined {
  const note = made.get(invoice.id);
  if (!note) return undefined;
  const by = note.month ? `the run of ${note.month}` : 'an earlier run of this month';
  return {
    code: 'credited_earlier', severity: 'error', path: 'invoice_number',
    message: `credit note ${note.number} of ${note.issue_date}, made by ${by}, cancels invoice ${invoice.invoice_number}: it stays cancelled, and a new invoice must replace it`,
    params: { number: note.number, date: note.issue_date, invoice: invoice.invoice_number, form: note.month ? 'month' : 'run', month: note.month ?? '' },
  };
}
