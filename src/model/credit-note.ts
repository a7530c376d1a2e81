import { z } from 'zod';
import { isoDate } from './primitives/primitives.js';

const creditNoteDetailsShape = {
  /** The credit note's number, from the seller's numbering (not the invoice's). */
  number: z.string().trim().min(1, 'empty (the credit note needs its own number)'),
  /** Its issue date, `YYYY-MM-DD`; not before the invoice's issue date. */
  issueDate: isoDate,
  /** Why the invoice is credited, shown on the document. Absent: no reason shown. */
  reason: z.string().optional(),
};

/**
 * What a billing backend gives to credit an invoice (renderCreditNoteUbl, renderCreditNotePdf):
 * the credit note's own number and date, and optionally why. A document that specifically and
 * unambiguously changes or refers to the original invoice counts as an invoice (momsbekendtgørelsen,
 * BEK nr. 1435 af 29.11.2023, § 58, stk. 2), so it needs its own date and sequential number
 * (§ 58, stk. 1, nr. 1 and 2) and the reference to the invoice. Typed by its shape so the field
 * comments reach the built .d.ts (see invoice.ts).
 */
export const CreditNoteDetailsSchema: z.ZodObject<typeof creditNoteDetailsShape, z.core.$strip> = z.object(creditNoteDetailsShape);

export type CreditNoteDetails = z.infer<typeof CreditNoteDetailsSchema>;
