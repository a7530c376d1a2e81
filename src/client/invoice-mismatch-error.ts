import { SvcError } from '../core/index.js';

/**
 * Thrown by checkListedInvoice when an invoice record and the invoice list's item for it say
 * different things about the invoice: its number (`invoice_number`), or the day its period
 * starts (`period_start`). Files are named, and the month chosen, from the list; the documents
 * say what the record says. Either answer may be the wrong one, so neither is used: the error
 * names the invoice, the field and both values.
 */
export class InvoiceMismatchError extends SvcError {
  override readonly name = 'InvoiceMismatchError';
  constructor(
    readonly invoiceId: string,
    readonly field: 'invoice_number' | 'period_start',
    readonly listed: string,
    readonly record: string,
  ) {
    super(
      `invoice ${invoiceId}: the invoice list says ${field} ${JSON.stringify(listed)}, the invoice record says ${JSON.stringify(record)}; ` +
        'refused, since files named by one would say the other',
    );
  }
  readonly hint = 'the service answers two different things for one invoice; report it to the service';
}
