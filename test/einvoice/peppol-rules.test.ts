import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { checkInvoice } from '../../src/check/index.js';
import type { Invoice } from '../../src/model/index.js';
import { SAMPLES, sample, variant } from '../invoice/_samples.js';
import { peppolValidator, quickJvmEnv } from '../_shared-tools.js';
import { en16931Command } from '../_rules-runner.js';
import { hasRulesRunner, runs } from '../_tools.js';

const validator = peppolValidator();

/** What the validator said of one file: its `PASS|FAIL file (n fatal, n warning)` line and the findings printed before it. */
interface Verdict {
  line: string;
  findings: string[];
}

/**
 * Runs the official validator (shared/einvoice/validate) once on all the files: one JVM compiles
 * the rules once, and reports on each file in turn, its findings before its PASS or FAIL line.
 * The exit code, each file's verdict, and the whole output for messages. Its JVM compiles with C1
 * only (quickJvmEnv): the rules' big XSLTs run over some 40 files, too few for C2's compiling to
 * pay back (measured: 14.4 s CPU -> 5.8 s for 45 files, the same output).
 */
function validate(files: string[], command: [string, string[]] = [validator!, []]): Promise<{ code: number; byFile: Map<string, Verdict>; output: string }> {
  return new Promise((resolve) => {
    execFile(command[0], [...command[1], ...files], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: quickJvmEnv() }, (err, stdout, stderr) => {
      const byFile = new Map<string, Verdict>();
      let findings: string[] = [];
      for (const line of stdout.split('\n')) {
        const verdict = /^(?:PASS|FAIL) (.+?)\s+\(\d+ fatal, \d+ warning\)$/.exec(line.trim());
        if (verdict) {
          byFile.set(verdict[1]!, { line: line.trim(), findings });
          findings = [];
        } else if (line.trim()) findings.push(line);
      }
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, byFile, output: `${stdout}${stderr}` });
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

let dir: string | undefined;
afterAll(() => void (dir && rmSync(dir, { recursive: true, force: true })));
const write = (name: string, bytes: Uint8Array | string): string => {
  const path = join((dir ??= mkdtempSync(join(tmpdir(), 'svc-peppol-'))), name);
  writeFileSync(path, bytes);
  return path;
};
/** Every sample invoice, a credit note of each, and the other treatments and payment texts. */
function goodDocuments(): string[] {
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
  return docs.map(([name, bytes]) => write(name, bytes));
}

// Written once, read by both rule sets.
let goodFiles: string[] | undefined;
const good = () => (goodFiles ??= goodDocuments());

describe.skipIf(!validator)('the official Peppol BIS Billing 3.0 rules (shared/einvoice/validate)', () => {
  // The good documents and the broken one go to the validator in one run, shared by both tests.
  let run: Promise<{ good: string[]; broken: string; result: Awaited<ReturnType<typeof validate>> }> | undefined;
  const validated = () => (run ??= (async () => {
    const xml = Buffer.from(renderInvoiceUbl(sample('nordlys-2026-10.json'))).toString('utf8').replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    const broken = write('broken.xml', xml);
    return { good: good(), broken, result: await validate([...good(), broken]) };
  })());

  it('give 0 fatal and 0 warning for every sample invoice, a credit note of each, and the other treatments and payment texts', { timeout: 180_000 }, async () => {
    const { good, result } = await validated();
    expect(good.length).toBeGreaterThan(20);
    for (const file of good) {
      const verdict = result.byFile.get(file);
      expect(verdict, `${file}: no verdict in\n${result.output}`).toBeDefined();
      expect(verdict!.findings.filter((l) => /^(FATAL|WARNING)\s/.test(l)), file).toEqual([]);
      expect(verdict!.line).toBe(`PASS ${file}  (0 fatal, 0 warning)`);
    }
    // Nothing else was reported: one verdict a file, none left over.
    expect(result.byFile.size).toBe(good.length + 1);
  });

  it('are the real rules: a document that breaks them fails (the check can fail)', { timeout: 180_000 }, async () => {
    const { broken, result } = await validated();
    // The broken document is the only one failing, so the run's exit code is its.
    expect(result.code).toBe(1);
    expect(result.byFile.get(broken)?.line).toMatch(/^FAIL .* \([1-9]\d* fatal, \d+ warning\)$/);
    expect(result.byFile.get(broken)!.findings.join('\n')).toContain('PEPPOL-EN16931-R003');
  });
});

describe.runIf(runs(hasRulesRunner))('the official EN 16931 rules and the UBL 2.1 schema that come with the project (test/rules)', () => {
  let run: Promise<{ broken: string; result: Awaited<ReturnType<typeof validate>> }> | undefined;
  const validated = () => (run ??= (async () => {
    // Not one of the ISO 4217 codes: BR-CL-04, a rule of EN 16931 (the schema takes any text there).
    const xml = Buffer.from(renderInvoiceUbl(sample('nordlys-2026-10.json'))).toString('utf8').replace(/<cbc:DocumentCurrencyCode>DKK</, '<cbc:DocumentCurrencyCode>XKK<');
    const broken = write('broken-currency.xml', xml);
    return { broken, result: await validate([...good(), broken], en16931Command()) };
  })());

  it('give 0 fatal and 0 warning for every sample invoice, a credit note of each, and the other treatments and payment texts', { timeout: 180_000 }, async () => {
    const { result } = await validated();
    expect(good().length).toBeGreaterThan(20);
    for (const file of good()) {
      const verdict = result.byFile.get(file);
      expect(verdict, `${file}: no verdict in\n${result.output}`).toBeDefined();
      expect(verdict!.findings.filter((l) => /^(FATAL|WARNING)\s/.test(l)), file).toEqual([]);
      expect(verdict!.line).toBe(`PASS ${file}  (0 fatal, 0 warning)`);
    }
    expect(result.byFile.size).toBe(good().length + 1);
  });

  it('are the real rules: a document that breaks one fails (the check can fail)', { timeout: 180_000 }, async () => {
    const { broken, result } = await validated();
    expect(result.code).toBe(1);
    expect(result.byFile.get(broken)?.line).toMatch(/^FAIL .* \([1-9]\d* fatal, \d+ warning\)$/);
    expect(result.byFile.get(broken)!.findings.join('\n')).toContain('BR-CL-04');
  });
});
