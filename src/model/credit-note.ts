import { z } from 'zod';
import { isoDate } from './_primitives.js';

/**
 * What a billing backend gives to credit an invoice (renderCreditNoteUbl, renderCreditNotePdf):
 * the credit note's own number and date, and optionally why. Momsbekendtgørelsen § 58, stk. 2
 * asks a credit note for its own number and date and a reference to the invoice it corrects.
 */
export const CreditNoteDetailsSchema = z.object({
  /** The credit note's number, from the seller's numbering (not the invoice's). */
  number: z.string().trim().min(1, 'empty (the credit note needs its own number)'),
  /** Its issue date, `YYYY-MM-DD`; not before the invoice's issue date. */
  issueDate: isoDate,
  /** Why the invoice is credited, shown on the document. */
  reason: z.string().optional(),
});

export type CreditNoteDetails = z.infer<typeof CreditNoteDetailsSchema>;
