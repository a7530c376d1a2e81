import { Decimal } from 'decimal.js';
import { InvoiceSchema, parseRecord, type Invoice, type InvoiceJson } from '../model/index.js';
import { wasParsedWith } from '../model/parse.js';

/**
 * The Invoice record a library entry point works on, from what a caller passes: the API's JSON
 * (`JSON.parse(body)`, decimal fields as strings) or a record already parsed with InvoiceSchema
 * (`usd_dkk_rate` a Decimal). Anything else is checked against the schema, so a bad value is one
 * SchemaError naming the field (`invoice: field lines[2].quantity: …`), never a TypeError deep
 * inside the renderer. A record this package parsed (parseRecord, the clients) is used as it is:
 * checking it again was a tenth of a typical render.
 * @throws SchemaError
 */
export function invoiceRecord(input: Invoice | InvoiceJson | unknown): Invoice {
  if (wasParsedWith(input, InvoiceSchema)) return input as Invoice;
  if (input !== null && typeof input === 'object' && Decimal.isDecimal((input as { usd_dkk_rate?: unknown }).usd_dkk_rate)) {
    // toFixed never writes an exponent, so the decimal string round-trips exactly.
    input = { ...input, usd_dkk_rate: ((input as { usd_dkk_rate: Decimal }).usd_dkk_rate).toFixed() };
  }
  return parseRecord(InvoiceSchema, input, 'invoice');
}
