import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { checkInvoice } from '../../src/check/index.js';
import type { Invoice } from '../../src/model/index.js';
import { SAMPLES, sample, variant } from '../invoice/_samples.js';
import { peppolValidator } from '../_shared-tools.js';

const validator = peppolValidator();

/** Runs the official validator (shared/einvoice/validate) on the files; its whole output, whatever the exit code. */
function validate(files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(validator!, files, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The sample invoices and the VAT-treatment and payment-means samples beside them, as `sample()` names them. */
const samples = [
  ...readdirSync(fileURLToPath(SAMPLES)).filter((f) => f.endsWith('.json')),
  ...['vat-treatments', 'payment-means'].flatMap((dir) => readdirSync(fileURLToPath(new URL(`../${dir}/`, SAMPLES))).filter((f) => f.endsWith('.json')).map((f) => `../${dir}/${f}`)),
].sort();
const reverseCharge = '../vat-treatments/eu-reverse-charge-2026-10.json';
const euBuyer = (fields: Record<string, string>) => variant(reverseCharge, (j) => Object.assign(j.buyer, { address_line2: '' }, fields));

describe.skipIf(!validator)('the official Peppol BIS Billing 3.0 rules (shared/einvoice/validate)', () => {
  it('give 0 fatal and 0 warning for every sample invoice, a credit note of each, and the other treatments and payment texts', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-peppol-'));
    try {
      const docs: Array<[string, Uint8Array]> = [];
      const invoices: Array<[string, Invoice]> = samples.map((name) => [name.replace(/^\.\.\//, '').replace(/[/.]/g, '_'), sample(name)]);
      invoices.push(
        ['eu-buyer-by-vat-number', variant('fjordline-2026-10.json', (j) => Object.assign(j.buyer, { country: 'Nederland', vat: 'NL123456789B01', postal_code: '1012 AB', city: 'Amsterdam' }))],
        ['danish-account-only', variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank, reg.nr. 3409 kontonr. 1234567890'))],
        ['cvr-endpoint', variant('nordlys-2026-10.json', (j) => void (j.buyer.ean = ''))],
        ['no-address-line2-no-contact', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { address_line2: '', attention: '', email: null }))],
        ['fik-75', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+75<1234567890123456+85109074<', attention: 'Kreditorbogholderiet' }))],
        ['fik-73', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+73<+85109074<', attention: 'Kreditorbogholderiet' }))],
        ['dkk-danish-iban-only', variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK'))],
        ['usd-danish-buyer', variant('nordlys-2026-10.json', (j) => void (j.currency = 'USD'))],
        ['sweden-0007', euBuyer({ vat: 'SE556036079301', country: 'Sverige', city: 'Göteborg', postal_code: '405 08' })],
        ['finland-0216', euBuyer({ vat: 'FI01120389', country: 'Suomi', city: 'Espoo', postal_code: '02610' })],
        ['italy-0211', euBuyer({ vat: 'IT12345678903', country: 'Italia', city: 'Milano', postal_code: '20121' })],
        ['greece-9933', euBuyer({ vat: 'EL094014201', country: 'Ελλάδα', city: 'Athina', postal_code: '10431' })],
        ['provider-words', variant('nordlys-2026-10.json', (j) => void ((j.lines[4]!.description = 'heraf Anthropic'), (j.lines[5]!.description = 'Of which: OpenAI')))],
      );
      for (const [name, inv] of invoices) {
        // A record checkInvoice finds an error in is refused (error-findings.test.ts), not made.
        if (checkInvoice(inv).some((f) => f.severity === 'error')) continue;
        if (inv.status === 'issued') docs.push([`${name}.xml`, renderInvoiceUbl(inv)]);
        docs.push([`${name}.credit-note.xml`, renderCreditNoteUbl(inv, { number: `CN-${inv.invoice_number}`, issueDate: inv.issued_at.slice(0, 10), reason: 'Test' })]);
      }
      const files = docs.map(([name, bytes]) => {
        const path = join(dir, name);
        writeFileSync(path, bytes);
        return path;
      });
      const { code, output } = await validate(files);
      const clean = output.split('\n').filter((l) => /^PASS .* \(0 fatal, 0 warning\)$/.test(l.trim()));
      expect(output.split('\n').filter((l) => /^(FATAL|WARNING)\s/.test(l))).toEqual([]);
      expect(clean).toHaveLength(files.length);
      expect(code).toBe(0);
      expect(files.length).toBeGreaterThan(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are the real rules: a document that breaks them fails (the check can fail)', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-peppol-'));
    try {
      const xml = Buffer.from(renderInvoiceUbl(sample('nordlys-2026-10.json'))).toString('utf8').replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
      const path = join(dir, 'broken.xml');
      writeFileSync(path, xml);
      const { code, output } = await validate([path]);
      expect(code).toBe(1);
      expect(output).toContain('PEPPOL-EN16931-R003');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
