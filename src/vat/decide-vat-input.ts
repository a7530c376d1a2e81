import type { Invoice, InvoiceJson } from '../model/index.js';
import { invoiceRecord } from '../model/index.js';
import { decideVatFor } from './decide-vat.js';
import type { VatDecision } from './types.js';

/**
 * The VAT decision for an invoice as a caller has it: the API's JSON or a parsed record (see
 * decideVatFor for the rules). @throws SchemaError naming the field when the record is malformed.
 */
export function decideVat(invoice: Invoice | InvoiceJson): VatDecision {
  return decideVatFor(invoiceRecord(invoice));
}
