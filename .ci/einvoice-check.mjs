// CI step: every e-invoice svc makes passes the official Peppol BIS Billing 3.0 rules.
// `node .ci/einvoice-check.mjs VALIDATE` (after `npm run build`; VALIDATE is test/rules/validate-en16931 or shared/einvoice/validate):
// writes the XML of every issued sample invoice (samples/invoices, samples/vat-treatments, samples/payment-means), a credit note for
// every sample invoice and the invoices of a generated dataset (300 invoices), runs the validator on all of them in one call,
// and fails unless each file reports 0 fatal and 0 warning. A sample checkInvoice finds an error in (usd-vat-without-rate)
// must be refused as an invoice, naming that finding's code: no e-invoice leaves with an error; its credit note, which
// mirrors it, is checked with the rest.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EInvoiceError, renderCreditNoteUbl, renderInvoiceUbl } from '../dist/einvoice/index.js';
import { checkInvoice } from '../dist/check/index.js';
import { generateDataset } from '../dist/server/index.js';

const validate = process.argv[2];
if (!validate) throw new Error('usage: node .ci/einvoice-check.mjs test/rules/validate-en16931|PATH/TO/shared/einvoice/validate');
const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'svc-einvoice-check-'));
const files = [];
const write = (name, bytes) => {
  const path = join(work, name);
  writeFileSync(path, bytes);
  files.push(path);
};
const jsonFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => join(d.parentPath ?? d.path, d.name))
    .sort();

try {
  let samples = 0;
  let credits = 0;
  let refused = 0;
  const sampleDirs = ['samples/invoices', 'samples/vat-treatments', 'samples/payment-means'];
  for (const file of sampleDirs.flatMap((dir) => jsonFiles(join(root, dir)))) {
    const invoice = JSON.parse(readFileSync(file, 'utf8'));
    const error = checkInvoice(invoice).find((f) => f.severity === 'error');
    if (error) {
      let thrown;
      try {
        renderInvoiceUbl(invoice);
      } catch (e) {
        thrown = e;
      }
      if (!(thrown instanceof EInvoiceError) || thrown.code !== error.code) throw new Error(`${file}: checkInvoice finds ${error.code}, but the e-invoice was not refused with it (${thrown?.message ?? 'made'})`);
      refused++;
      // Its credit note mirrors it, errors and all (issue 36): made and checked like every other,
      // unless the writer refuses a mirror the rules would reject (BR-CO-15, BR-CO-17, R120).
      try {
        write(`credit-note-${invoice.invoice_number}.xml`, renderCreditNoteUbl(invoice, { number: `CN-${invoice.invoice_number}`, issueDate: invoice.issued_at.slice(0, 10) }));
        credits++;
      } catch (e) {
        if (!(e instanceof EInvoiceError)) throw e;
      }
      continue;
    }
    if (invoice.status === 'issued') {
      write(`sample-${invoice.invoice_number}.xml`, renderInvoiceUbl(invoice));
      samples++;
    }
    const credit = { number: `CN-${invoice.invoice_number}`, issueDate: invoice.issued_at.slice(0, 10), reason: 'CI check' };
    write(`credit-note-${invoice.invoice_number}.xml`, renderCreditNoteUbl(invoice, credit));
    credits++;
  }

  const dataset = join(work, 'dataset');
  generateDataset({ orgs: 100, keysPerOrg: 2, months: 4, seed: 'ci-einvoice', out: dataset });
  let generated = 0;
  for (const file of jsonFiles(join(dataset, 'invoices'))) {
    const invoice = JSON.parse(readFileSync(file, 'utf8'));
    if (invoice.status !== 'issued') continue;
    write(`generated-${invoice.org_id}-${invoice.invoice_number}.xml`, renderInvoiceUbl(invoice));
    generated++;
  }

  let output;
  try {
    output = execFileSync(validate, files, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
  const clean = output.split('\n').filter((l) => /^PASS .* \(0 fatal, 0 warning\)$/.test(l.trim())).length;
  const findings = output.split('\n').filter((l) => /^(FATAL|WARNING)\s/.test(l));
  console.log(`e-invoice check: ${files.length} documents (${samples} sample invoices, ${credits} credit notes, ${generated} generated invoices): ${clean} with 0 fatal and 0 warning; ${refused} sample${refused === 1 ? '' : 's'} with an error finding refused`);
  if (clean !== files.length || findings.length) {
    console.log(output.split('\n').filter((l) => !/^PASS .* \(0 fatal, 0 warning\)$/.test(l.trim())).slice(0, 60).join('\n'));
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
