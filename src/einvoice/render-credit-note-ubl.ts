import { CreditNoteDetailsSchema, type CreditNoteDetails, type Invoice, type InvoiceJson } from '../model/index.js';
import { parseRecord } from '../model/parse/index.js';
import { invoiceRecord } from '../model/index.js';
import { EInvoiceError } from './einvoice-error.js';
import { checkInvoiceRecord } from '../check/index.js';
import { findingTextIn, type InvoiceCheckFinding } from '../check/findings/index.js';
import { getLocale, t } from '../locale/index.js';
import type { RenderUblOptions } from './options.js';
import { writeUbl } from './_document.js';

/**
 * Why the invoice is credited when the caller gives no reason, in `language`: the invoice check's
 * errors, each with its code, of an invoice that is not valid as it stands; undefined for one
 * without an error.
 */
function defaultReason(invoice: Invoice, language: string, found: readonly InvoiceCheckFinding[]): string | undefined {
  const locale = getLocale(language);
  const errors = found.filter((f) => f.severity === 'error');
  if (!errors.length) return undefined;
  const findings = errors.map((f) => `${findingTextIn(f, locale)} [${f.code}]`).join('; ');
  return t(locale, 'invoice.creditNote.reasonNotValid', { number: invoice.invoice_number, findings });
}

/**
 * The credit note's details checked: a number, a `YYYY-MM-DD` date not before the invoice's
 * issue date; without a reason, the invoice check's errors are its reason, in `language` (`findings`:
 * checkInvoiceRecord(invoice), when the caller has them already). @throws SchemaError naming `number` or `issueDate`, EInvoiceError naming `issueDate`
 */
export function creditNoteDetails(
  invoice: Invoice,
  details: CreditNoteDetails,
  language: string = invoice.language,
  findings?: readonly InvoiceCheckFinding[],
): CreditNoteDetails {
  const credit = parseRecord(CreditNoteDetailsSchema, details, 'credit note');
  const invoiceDate = invoice.issued_at.slice(0, 10);
  if (credit.issueDate < invoiceDate) {
    throw new EInvoiceError('issueDate', `${credit.issueDate} is before the issue date ${invoiceDate} of invoice ${invoice.invoice_number} it credits`);
  }
  const reason = credit.reason?.trim() ? credit.reason : defaultReason(invoice, language, findings ?? checkInvoiceRecord(invoice));
  return { ...credit, ...(reason ? { reason } : {}) };
}

/**
 * A credit note (kreditnota) for the whole invoice as Peppol BIS Billing 3.0 UBL 2.1
 * `CreditNote`: its own number and date, a reference to the invoice's number and date
 * (momsbekendtgørelsen § 58, stk. 1, nr. 1–2, and stk. 2; see CreditNoteDetailsSchema), the same lines, amounts (the invoice's, negative for a negative invoice; to a buyer in Denmark
 * that is refused, DK-R-016, in writeUbl) and VAT treatment.
 * The invoice may be issued or void: crediting is how a billing backend voids one.
 * @throws SchemaError, EInvoiceError, UnknownLanguageError
 */
export function renderCreditNoteUbl(input: Invoice | InvoiceJson, details: CreditNoteDetails, options: RenderUblOptions = {}): Uint8Array {
  const invoice = invoiceRecord(input);
  // The invoice check once, for the default reason and for what the Peppol rules reject.
  const findings = checkInvoiceRecord(invoice);
  const credit = creditNoteDetails(invoice, details, options.language ?? invoice.language, findings);
  return writeUbl(invoice, { kind: 'credit_note', credit }, options.language ?? invoice.language, findings);
}
