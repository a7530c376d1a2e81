import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { negativeReverseCharge, sellerAddresses, usdMentions } from './_audit-records.js';

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
    ['fik-75', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+75<1234567890123452+85109074<', attention: 'Kreditorbogholderiet' }))],
    ['fik-71-built-from-the-invoice-number', variant('kattegat-2026-10.json', (j) => void (j.seller.bank = `${j.seller.bank} · FI-kreditornr. 85109074`))],
    ['usd-no-bic-norway', variant('../payment-means/usd-norway-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90'))],
    ['usd-no-bic-danish-buyer', variant('kattegat-2026-10.json', (j) => void ((j.currency = 'USD'), (j.seller.bank = 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90')))],
    ['fik-73', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+73<+85109074<', attention: 'Kreditorbogholderiet' }))],
    ['dkk-danish-iban-only', variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK'))],
    ['usd-danish-buyer', variant('nordlys-2026-10.json', (j) => void ((j.currency = 'USD'), (j.lines[3]!.description = 'Forbrug af sprogmodeller, oktober 2026')))],
    ['sweden-0007', euBuyer({ vat: 'SE556036079301', country: 'Sverige', city: 'Göteborg', postal_code: '405 08' })],
    ['finland-0216', euBuyer({ vat: 'FI01120389', country: 'Suomi', city: 'Espoo', postal_code: '02610' })],
    ['italy-0211', euBuyer({ vat: 'IT12345678903', country: 'Italia', city: 'Milano', postal_code: '20121' })],
    ['greece-9933', euBuyer({ vat: 'EL094014201', country: 'Ελλάδα', city: 'Athina', postal_code: '10431' })],
    // Written as Belgians write it; addressed by the enterprise number (PEPPOL-COMMON-R043's mod 97).
    ['belgium-0208', euBuyer({ vat: 'BE 0403.170.701', country: 'Belgique', city: 'Bruxelles', postal_code: '1000' })],
    ['provider-words', variant('nordlys-2026-10.json', (j) => void ((j.lines[4]!.description = 'heraf Anthropic'), (j.lines[5]!.description = 'Of which: OpenAI')))],
    // An outside audit's valid records (2026-12): USD amounts in a line's text, seller addresses on
    // lines or without a Danish seller's country, and a negative invoice to a German business (its
    // credit note's total is negative: DK-R-016 is for a buyer in Denmark).
    ...usdMentions(),
    ...sellerAddresses(),
    ['negative-reverse-charge', negativeReverseCharge()],
  );
  for (const [name, inv] of invoices) {
    // A record checkInvoice finds an error in is refused as an invoice (error-findings.test.ts);
    // its credit note, which mirrors it, is made (wrongInvoices below). Only the samples meant to
    // be wrong may be skipped here, never a variant built to be validated.
    if (checkInvoice(inv).some((f) => f.severity === 'error')) {
      expect(samples.map((n) => n.replace(/^\.\.\//, '').replace(/[/.]/g, '_')), `${name} has an error finding`).toContain(name);
      continue;
    }
    if (inv.status === 'issued') docs.push([`${name}.xml`, renderInvoiceUbl(inv)]);
    docs.push([`${name}.credit-note.xml`, renderCreditNoteUbl(inv, { number: `CN-${inv.invoice_number}`, issueDate: inv.issued_at.slice(0, 10), reason: 'Test' })]);
  }
  // Issue 36: credit notes mirroring wrong invoices, errors and all, where the writer makes them
  // (the findings are their reason): each must pass the rules as it stands.
  for (const [name, inv] of wrongInvoices()) {
    expect(checkInvoice(inv).some((f) => f.severity === 'error'), name).toBe(true);
    docs.push([`${name}.credit-note.xml`, renderCreditNoteUbl(inv, { number: `CN-${inv.invoice_number}`, issueDate: inv.issued_at.slice(0, 10) })]);
  }
  return docs.map(([name, bytes]) => write(name, bytes));
}

/** Invoices with an error finding whose mirror the rules take: the credit note's XML is made. */
function wrongInvoices(): Array<[string, Invoice]> {
  return [
    ['wrong-usd-vat-without-rate', sample('../vat-treatments/usd-vat-without-rate-2026-09.json')],
    ['wrong-danish-vat-to-poland', variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' }))],
    // 0.01 off: within BR-CO-17's and PEPPOL-EN16931-R120's tolerances.
    ['wrong-vat-one-ore', variant('kattegat-2026-10.json', (j) => void ((j.vat_cents += 1), (j.total_cents += 1)))],
    ['wrong-line-one-ore', variant('kattegat-2026-10.json', (j) => void (j.lines[0]!.unit_price_cents += 1))],
    ['wrong-subtotals', variant('kattegat-2026-10.json', (j) => void ((j.subscription_subtotal_cents += 100), (j.usage_subtotal_cents -= 200)))],
    ['wrong-iban', variant('kattegat-2026-10.json', (j) => void (j.seller.bank = j.seller.bank.replace(/DK\d\d/, 'DK00')))],
  ];
}

// Written once, read by both rule sets.
let goodFiles: string[] | undefined;
const getGood = () => (goodFiles ??= goodDocuments());

describe.skipIf(!validator)('the official Peppol BIS Billing 3.0 rules (shared/einvoice/validate)', () => {
  /**
   * The mirrors the writer refuses (refuseUnmirrorable), stated by hand as the credit note would
   * state the wrong invoice: a good credit note with the wrong figure put in. Each must fail on the
   * rule the refusal names, so the refusal follows the rules and is no stricter.
   */
  function refusedMirrors(): Array<{ file: string; rule: string }> {
    const base = sample('kattegat-2026-10.json');
    const good = Buffer.from(renderCreditNoteUbl(base, { number: 'CN-M', issueDate: '2026-11-20' })).toString('utf8');
    const cases: Array<[string, (j: Record<string, any>) => void, (xml: string) => string, string]> = [
      // The total 1.00 higher than net + VAT (BR-CO-15).
      ['total', (j) => void (j.total_cents += 100), (x) => x.replace(/(<cbc:(?:TaxInclusiveAmount|PayableAmount) currencyID="DKK">)55216\.85</g, '$155217.85<'), 'BR-CO-15'],
      // The VAT 5.00 over 25 % of the net (BR-CO-17, BR-S-09).
      ['vat', (j) => void ((j.vat_cents += 500), (j.total_cents += 500)), (x) => x.replace(/>11043\.37</g, '>11048.37<').replace(/>55216\.85</g, '>55221.85<'), 'BR-CO-17'],
      // A line's amount 1.00 off its quantity × price (PEPPOL-EN16931-R120).
      ['line', (j) => void (j.lines[0]!.unit_price_cents += 100), (x) => x.replace(/<cbc:PriceAmount currencyID="DKK">29500\.00</, '<cbc:PriceAmount currencyID="DKK">29501.00<'), 'PEPPOL-EN16931-R120'],
    ];
    const mirrors = cases.map(([name, change, edit, rule]) => {
      const wrong = variant('kattegat-2026-10.json', change);
      expect(() => renderCreditNoteUbl(wrong, { number: 'CN-M', issueDate: '2026-11-20' }), name).toThrow(rule.startsWith('BR-CO-17') ? 'BR-CO-17, BR-S-09' : rule);
      const xml = edit(good);
      expect(xml, name).not.toBe(good);
      return { file: write(`refused-mirror-${name}.xml`, xml), rule };
    });
    // A negative credit note is made to a German buyer (goodDocuments) and refused to a Danish one:
    // the German one with the buyer's country made DK must fail on DK-R-016.
    const negative = Buffer.from(renderCreditNoteUbl(negativeReverseCharge(), { number: 'CN-M', issueDate: '2026-11-20' })).toString('utf8');
    const toDenmark = negative.replace(/(<cac:AccountingCustomerParty>.*<cbc:IdentificationCode>)DE(<\/cbc:IdentificationCode>)/s, '$1DK$2');
    expect(toDenmark).not.toBe(negative);
    mirrors.push({ file: write('refused-mirror-negative-to-denmark.xml', toDenmark), rule: 'DK-R-016' });
    return mirrors;
  }

  // The good documents, the broken one, the reversed period and the refused mirrors go to the validator in one run, shared by the tests.
  let run: Promise<{ good: string[]; broken: string; reversed: string; mirrors: Array<{ file: string; rule: string }>; result: Awaited<ReturnType<typeof validate>> }> | undefined;
  const validated = () => (run ??= (async () => {
    const good = getGood();
    const xml = Buffer.from(renderInvoiceUbl(sample('nordlys-2026-10.json'))).toString('utf8');
    const broken = write('broken.xml', xml.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ''));
    // The period reversed by hand in a good document (renderInvoiceUbl refuses to write one).
    const reversed = write('reversed.xml', xml.replace('<cbc:StartDate>2026-10-01</cbc:StartDate><cbc:EndDate>2026-10-31</cbc:EndDate>', '<cbc:StartDate>2026-10-31</cbc:StartDate><cbc:EndDate>2026-10-01</cbc:EndDate>'));
    const mirrors = refusedMirrors();
    return { good, broken, reversed, mirrors, result: await validate([...good, broken, reversed, ...mirrors.map((m) => m.file)]) };
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
    expect(result.byFile.size).toBe(good.length + 2 + (await validated()).mirrors.length);
  });

  it('are the real rules: a document that breaks them fails (the check can fail)', { timeout: 180_000 }, async () => {
    const { broken, result } = await validated();
    // The broken document (and the refused mirrors) fail, so the run's exit code is 1.
    expect(result.code).toBe(1);
    expect(result.byFile.get(broken)?.line).toMatch(/^FAIL .* \([1-9]\d* fatal, \d+ warning\)$/);
    expect(result.byFile.get(broken)!.findings.join('\n')).toContain('PEPPOL-EN16931-R003');
  });

  it('reject the mirrors of wrong invoices the writer refuses, on the rule it names', { timeout: 180_000 }, async () => {
    const { mirrors, result } = await validated();
    for (const { file, rule } of mirrors) {
      expect(result.byFile.get(file)?.line, file).toMatch(/^FAIL /);
      expect(result.byFile.get(file)!.findings.join('\n'), file).toContain(rule);
    }
  });

  it('reject a reversed invoice period (BR-29), which checkInvoice finds and renderInvoiceUbl refuses to write', { timeout: 180_000 }, async () => {
    const { reversed, result } = await validated();
    expect(readFileSync(reversed, 'utf8')).toContain('<cbc:StartDate>2026-10-31</cbc:StartDate><cbc:EndDate>2026-10-01</cbc:EndDate>');
    expect(result.byFile.get(reversed)!.findings.filter((l) => /^FATAL\s/.test(l)).join('\n')).toMatch(/\bBR-29\b/);
    const record = variant('nordlys-2026-10.json', (j) => Object.assign(j, { period_start: '2026-10-31', period_end: '2026-10-01' }));
    expect(checkInvoice(record).filter((f) => f.severity === 'error').map((f) => `${f.code} ${f.path}`)).toEqual(['period_reversed period_end']);
    expect(() => renderInvoiceUbl(record)).toThrow(/^period_end: .*BR-29/);
  });
});

describe.runIf(runs(hasRulesRunner))('the official EN 16931 rules and the UBL 2.1 schema that come with the project (test/rules)', () => {
  let run: Promise<{ broken: string; result: Awaited<ReturnType<typeof validate>> }> | undefined;
  const validated = () => (run ??= (async () => {
    // Not one of the ISO 4217 codes: BR-CL-04, a rule of EN 16931 (the schema takes any text there).
    const xml = Buffer.from(renderInvoiceUbl(sample('nordlys-2026-10.json'))).toString('utf8').replace(/<cbc:DocumentCurrencyCode>DKK</, '<cbc:DocumentCurrencyCode>XKK<');
    const broken = write('broken-currency.xml', xml);
    return { broken, result: await validate([...getGood(), broken], en16931Command()) };
  })());

  it('give 0 fatal and 0 warning for every sample invoice, a credit note of each, and the other treatments and payment texts', { timeout: 180_000 }, async () => {
    const { result } = await validated();
    expect(getGood().length).toBeGreaterThan(20);
    for (const file of getGood()) {
      const verdict = result.byFile.get(file);
      expect(verdict, `${file}: no verdict in\n${result.output}`).toBeDefined();
      expect(verdict!.findings.filter((l) => /^(FATAL|WARNING)\s/.test(l)), file).toEqual([]);
      expect(verdict!.line).toBe(`PASS ${file}  (0 fatal, 0 warning)`);
    }
    expect(result.byFile.size).toBe(getGood().length + 1);
  });

  it('are the real rules: a document that breaks one fails (the check can fail)', { timeout: 180_000 }, async () => {
    const { broken, result } = await validated();
    expect(result.code).toBe(1);
    expect(result.byFile.get(broken)?.line).toMatch(/^FAIL .* \([1-9]\d* fatal, \d+ warning\)$/);
    expect(result.byFile.get(broken)!.findings.join('\n')).toContain('BR-CL-04');
  });
});
