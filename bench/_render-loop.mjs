// `node bench/_render-loop.mjs CASE N`: renders one of bench/_invoices.mjs's invoices N times in a
// row and exits, for bench/instructions.mjs to count the instructions of under valgrind. CASE:
// typical, long, xml (the typical PDF with its e-invoice inside) or ubl (the e-invoice alone).
import { renderInvoicePdf } from '../dist/invoice/index.js';
import { renderInvoiceUbl } from '../dist/einvoice/index.js';
import { longInvoice, typicalInvoice } from './_invoices.mjs';

const CASES = {
  typical: [typicalInvoice, (inv) => renderInvoicePdf(inv)],
  long: [longInvoice, (inv) => renderInvoicePdf(inv)],
  xml: [typicalInvoice, (inv) => renderInvoicePdf(inv, { embedXml: true })],
  ubl: [typicalInvoice, (inv) => renderInvoiceUbl(inv)],
};
const [name, count] = process.argv.slice(2);
const chosen = CASES[name];
if (!chosen || !(Number(count) >= 0)) {
  console.error(`usage: node bench/_render-loop.mjs ${Object.keys(CASES).join('|')} N`);
  process.exit(2);
}
const [make, render] = chosen;
const invoice = make();
for (let i = 0; i < Number(count); i++) await render(invoice);
