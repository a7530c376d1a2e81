// `node bench/_render-loop.mjs CASE N`: makes one document N times in a row and exits, for
// bench/instructions.mjs to count the instructions of under valgrind. CASE: typical, long, xml
// (the typical PDF with its e-invoice inside), ubl (the e-invoice alone): bench/_invoices.mjs's
// invoices; workbook: Nordlys's October cost workbook (Danish), its data fetched once from the
// bundled samples' reference server in this process, which is closed before the first workbook.
import { renderInvoicePdf } from '../dist/invoice/index.js';
import { renderInvoiceUbl } from '../dist/einvoice/index.js';
import { readFileSync } from 'node:fs';
import { longInvoice, typicalInvoice } from './_invoices.mjs';

/** The workbook's data and builder, loaded only for it: the invoice cases load what an embedder of the renderer loads. */
async function nordlysOctober() {
  const { buildCostReport, fetchCostReportData } = await import('../dist/report/index.js');
  const { ReportingClient } = await import('../dist/client/index.js');
  const { startReferenceServer } = await import('../dist/testing.js');
  const tokens = JSON.parse(readFileSync(new URL('../samples/tokens.json', import.meta.url), 'utf8'));
  const token = tokens.orgs.find((o) => o.org_id === 'org-nordlys').token;
  const server = await startReferenceServer({});
  try {
    const data = await fetchCostReportData(new ReportingClient({ baseUrl: server.url, orgId: 'org-nordlys', token, env: {} }), { month: '2026-10' });
    return { data, buildCostReport };
  } finally {
    await server.close();
  }
}

const CASES = {
  typical: [typicalInvoice, (inv) => renderInvoicePdf(inv)],
  long: [longInvoice, (inv) => renderInvoicePdf(inv)],
  xml: [typicalInvoice, (inv) => renderInvoicePdf(inv, { embedXml: true })],
  ubl: [typicalInvoice, (inv) => renderInvoiceUbl(inv)],
  workbook: [nordlysOctober, ({ data, buildCostReport }) => buildCostReport(data, { language: 'da', organizationName: 'Nordlys Analytics ApS' })],
};
const [name, count] = process.argv.slice(2);
const chosen = CASES[name];
if (!chosen || !(Number(count) >= 0)) {
  console.error(`usage: node bench/_render-loop.mjs ${Object.keys(CASES).join('|')} N`);
  process.exit(2);
}
const [make, render] = chosen;
const input = await make();
for (let i = 0; i < Number(count); i++) await render(input);
