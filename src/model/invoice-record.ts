import { InvoiceSchema, type Invoice, type InvoiceJson } from './invoice.js';
import { recordOf } from './parse/parse.js';

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
  return recordOf(InvoiceSchema, input, 'invoice');
}
