import { SvcError } from '../../core/index.js';
/**
 * Thrown when the invoice argument of `svc invoices render` / `credit-note` cannot be read: a
 * file that is missing or unreadable, or standard input / a file larger than an invoice can be.
 */
export class InvoiceInputError extends SvcError {
  override readonly name = 'InvoiceInputError';
  constructor(message: string, readonly hint?: string) {
    super(message);
  }
}
