import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLES } from '../invoice/_samples.js';
import { allText, readPdf } from '../invoice/_pdf.js';
import { attachment } from '../invoice/_qpdf.js';
import { parseXml, text } from './_ubl.js';
import { svc } from '../_harness/index.js';

const sampleFile = (name: string) => fileURLToPath(new URL(name, SAMPLES));
let root: string;
let n = 0;
/** A new empty working folder per case, so "no file written" is checked on an empty folder. */
const folder = (): string => {
  const dir = join(root, String(++n));
  return (mkdtempSync(`${dir}-`));
};
beforeAll(() => (root = mkdtempSync(join(tmpdir(), 'svc-einvoice-cli-'))));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('svc invoices render --format', () => {
  it('xml writes <invoice number>.xml, the Peppol invoice', async () => {
    const dir = folder();
    const r = await svc(['invoices', 'render', sampleFile('nordlys-2026-10.json'), '--format', 'xml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['2026-0142.xml']);
    expect(text(parseXml(readFileSync(join(dir, '2026-0142.xml'))).documentElement!, 'cbc:ID')).toBe('2026-0142');
  });

  it('both writes the PDF with the XML inside and the XML beside it, the same bytes', async () => {
    const dir = folder();
    const r = await svc(['invoices', 'render', sampleFile('kattegat-2026-10.json'), '--format', 'both', '-o', 'out/faktura.pdf'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote out\/faktura\.xml \(\d+ bytes\)\nWrote out\/faktura\.pdf \(\d+ bytes\)\n$/);
    const pdf = readFileSync(join(dir, 'out/faktura.pdf'));
    const xml = readFileSync(join(dir, 'out/faktura.xml'));
    expect(attachment(pdf, 'invoice-2026-0144.xml').equals(xml)).toBe(true);
    expect(allText(await readPdf(pdf))).toContain('Kattegat Data A/S');
  });

  it('pdf stays the default; xml to stdout with -o -', async () => {
    const dir = folder();
    const r = await svc(['invoices', 'render', '-', '--format', 'xml', '-o', '-'], { cwd: dir, stdin: readFileSync(sampleFile('fjordline-2026-10.json'), 'utf8') });
    expect(r.code).toBe(0);
    expect(text(parseXml(r.stdoutBytes).documentElement!, 'cbc:DocumentCurrencyCode')).toBe('EUR');
    expect(readdirSync(dir)).toEqual([]);
  });

  // A record the e-invoice refuses exits 1; a flag whose value is wrong is a wrong command line, 2 (issue 14).
  it.each([
    ['a void invoice as an e-invoice', ['nordlys-2026-10-void.json', '--format', 'xml'], /^svc: cannot make the e-invoice: status: .*void/, 1],
    ['a void invoice with both', ['nordlys-2026-10-void.json', '--format', 'both'], /^svc: cannot make the e-invoice: status: /, 1],
    ['an unknown --format', ['nordlys-2026-10.json', '--format', 'ubl'], /^svc: --format: expected pdf, xml or both/, 2],
    ['both to stdout', ['nordlys-2026-10.json', '--format', 'both', '-o', '-'], /^svc: -o: /, 2],
  ] as const)('refuses %s: one line naming the field or flag, the right exit code, no file', async (_, [file, ...flags], message, code) => {
    const dir = folder();
    const r = await svc(['invoices', 'render', sampleFile(file), ...flags], { cwd: dir });
    expect(r.code).toBe(code);
    // One line says what is wrong; a wrong command line adds where its help is.
    const said = r.stderr.split('\n').filter(Boolean).filter((l) => !/^svc: (warning|error): /.test(l));
    expect(said).toHaveLength(code === 2 ? 2 : 1);
    if (code === 2) expect(said[1]).toMatch(/^Run "svc invoices render --help"/);
    expect(r.stderr.split('\n').find((l) => !/^svc: (warning|error): /.test(l))).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a record the e-invoice cannot map, naming its field (bad EAN, unknown country, bank text)', async () => {
    for (const [edit, field] of [
      [(j: Record<string, any>) => void (j.buyer.country = 'Narnia'), 'buyer.country'],
      [(j: Record<string, any>) => void (j.seller.bank = 'Danske Bank \u001b[31m'), 'seller.bank'],
    ] as const) {
      const dir = folder();
      const json = JSON.parse(readFileSync(sampleFile('nordlys-2026-10.json'), 'utf8'));
      edit(json);
      const r = await svc(['invoices', 'render', '-', '--format', 'both'], { cwd: dir, stdin: JSON.stringify(json) });
      expect(r.code).toBe(1);
      const line = r.stderr.split('\n').find((l) => l.startsWith('svc: cannot make'));
      expect(line).toContain(`${field}: `);
      expect(r.stderr).not.toContain('\u001b');
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  // checkInvoice's errors stop every format before a file is made, each naming its code (issue 24).
  it.each([
    ['an EAN failing its check digit', (j: Record<string, any>) => void (j.buyer.ean = '5790001234567'), 'ean_check_digit'],
    ['a total_cents 100.00 too high', (j: Record<string, any>) => void (j.total_cents += 10000), 'total'],
    ['a FI line on a USD invoice', (j: Record<string, any>) => void ((j.currency = 'USD'), (j.lines[3].description = 'Forbrug'), (j.buyer.payment_reference = '+71<000000001420009+85109074<')), 'fik_not_dkk'],
    ['a FI payment id failing its modulus-10 check digit', (j: Record<string, any>) => void (j.buyer.payment_reference = '+71<000000001420001+85109074<'), 'fik_check_digit'],
    ['a Norwegian VAT number failing its mod-11 check digit (the 9th digit should be 3)', (j: Record<string, any>) => void (Object.assign(j.buyer, { vat: 'NO923456789MVA', country: 'Norge', ean: '', cvr: '' }), Object.assign(j, { vat_rate_bps: 0, vat_cents: 0, total_cents: j.subtotal_cents })), 'vat_check_digit'],
    ['a usage line whose USD × rate is not its amount', (j: Record<string, any>) => void (j.lines[3].description = 'Forbrug (USD 1.234,66 à 6,8512)'), 'line_conversion'],
    ['a payment line that is no FI line', (j: Record<string, any>) => void (j.buyer.payment_reference = '+71<12345+85109074<'), 'payment_line_unknown'],
    ['25 % VAT to a Polish business', (j: Record<string, any>) => void Object.assign(j.buyer, { vat: 'PL5261040828', country: 'Polska', ean: '', cvr: '' }), 'danish_vat_to_eu_business'],
    // Issue 43: the official rules reject it (BR-29, test/einvoice/peppol-rules.test.ts).
    ['a period that ends before it starts', (j: Record<string, any>) => void Object.assign(j, { period_start: '2026-10-31', period_end: '2026-10-01' }), 'period_reversed'],
    // An outside fuzz audit: these printed as a valid invoice with a blank number or no seller.
    ['an invoice number of only a zero-width space', (j: Record<string, any>) => void (j.invoice_number = '\u200b'), 'text_missing'],
    ['an empty seller name', (j: Record<string, any>) => void (j.seller.legal_name = ''), 'text_missing'],
    ['a buyer name of blanks', (j: Record<string, any>) => void (j.buyer.legal_name = '   '), 'text_missing'],
  ])('%s: exit 1 naming the code, no file, whatever the format', async (_, edit, code) => {
    const json = JSON.parse(readFileSync(sampleFile('nordlys-2026-10.json'), 'utf8'));
    edit(json);
    for (const format of ['pdf', 'xml', 'both']) {
      const dir = folder();
      const r = await svc(['invoices', 'render', '-', '--format', format], { cwd: dir, stdin: JSON.stringify(json) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^svc: error: .*\\[${code}\\]$`, 'm'));
      const named = json.invoice_number === '\u200b' ? 'the invoice \\(no number\\)' : 'invoice 2026-0142';
      expect(r.stderr).toMatch(new RegExp(`svc: ${named}: 1 error \\(above: ${code}\\); no file written\n$`));
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});

describe('svc invoices credit-note', () => {
  it('makes the credit note of a void invoice as PDF and XML (both), in English on request', async () => {
    const dir = folder();
    const r = await svc(['invoices', 'credit-note', sampleFile('nordlys-2026-10-void.json'), '--number', 'KN-2026-007', '--date', '2026-11-20', '--reason', 'Wrong plan billed', '--format', 'both', '--language', 'en'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['credit-note-KN-2026-007.pdf', 'credit-note-KN-2026-007.xml']);
    const pdf = readFileSync(join(dir, 'credit-note-KN-2026-007.pdf'));
    const xml = readFileSync(join(dir, 'credit-note-KN-2026-007.xml'));
    expect(attachment(pdf, 'credit-note-KN-2026-007.xml').equals(xml)).toBe(true);
    const doc = parseXml(xml).documentElement!;
    expect(text(doc, 'cbc:ID')).toBe('KN-2026-007');
    expect(text(doc, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('2026-0131');
    const words = allText(await readPdf(pdf));
    expect(words).toContain('Credit note');
    expect(words).toContain('KN-2026-007');
    expect(words).toContain('2026-0131 of 1 Nov 2026');
    expect(words).toContain('Total credited DKK 32,737.78');
    expect(words).toContain('Reason: Wrong plan billed');
    expect(words).not.toContain('VOID');
    expect(words).not.toMatch(/Please pay|Total due/);
  });

  it('is a Danish kreditnota by default, as a PDF', async () => {
    const dir = folder();
    const r = await svc(['invoices', 'credit-note', sampleFile('kattegat-2026-10.json'), '--number', 'KN-8', '--date', '2026-11-21'], { cwd: dir });
    expect(r.code).toBe(0);
    const words = allText(await readPdf(readFileSync(join(dir, 'credit-note-KN-8.pdf'))));
    expect(words).toContain('Kreditnota');
    expect(words).toContain('Krediterer faktura');
    expect(words).toContain('2026-0144 af 03.11.2026');
    expect(words).toContain('Krediteret i alt 55.216,85 DKK');
  });

  // Issue 36: a wrong invoice is put right by crediting it, so its findings are the credit note's
  // reason, never a bar (momsbekendtgørelsen § 58, stk. 2; VAT Directive art. 219).
  it('credits an invoice checkInvoice finds an error in: the errors are its reason, PDF and XML, nothing asks for payment', async () => {
    const usd = fileURLToPath(new URL('../vat-treatments/usd-vat-without-rate-2026-09.json', SAMPLES));
    const record = JSON.parse(readFileSync(usd, 'utf8'));
    const dir = folder();
    const r = await svc(['invoices', 'credit-note', usd, '--number', 'KN-9', '--date', '2026-10-20', '--format', 'both', '--language', 'da'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^svc: invoice 2026-0130: error: .*\[vat_not_in_dkk\] \(credited\)$/m);
    expect(readdirSync(dir).sort()).toEqual(['credit-note-KN-9.pdf', 'credit-note-KN-9.xml']);
    const words = allText(await readPdf(readFileSync(join(dir, 'credit-note-KN-9.pdf'))));
    // The reason, in the document's language, with the code; the figures mirror the invoice's.
    expect(words.replace(/\s+/g, ' ')).toContain('Årsag: faktura 2026-0130 er ikke gyldig: der er lagt moms på i USD uden en USD/DKK-kurs, så momsbeløbet kan ikke angives i DKK, som de danske regler kræver [vat_not_in_dkk]');
    const total = (record.total_cents / 100).toLocaleString('da-DK', { minimumFractionDigits: 2 });
    expect(words).toContain(`Krediteret i alt ${total} USD`);
    expect(words).not.toMatch(/IKKE GYLDIG|Betalingsreference|Betales senest|Forfaldsdato|Bank:/);
    const doc = parseXml(readFileSync(join(dir, 'credit-note-KN-9.xml'))).documentElement!;
    expect(doc.localName).toBe('CreditNote');
    expect(text(doc, 'cbc:Note')).toContain('[vat_not_in_dkk]');
    expect(text(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe((record.total_cents / 100).toFixed(2));
    expect(doc.getElementsByTagName('cac:PaymentMeans').length).toBe(0);
  });

  it('writes the PDF alone, saying why, where the Peppol rules reject the mirror of a wrong invoice (a total that is not net + VAT)', async () => {
    const record = JSON.parse(readFileSync(sampleFile('kattegat-2026-10.json'), 'utf8'));
    record.total_cents += 100;
    const input = JSON.stringify(record);
    const dir = folder();
    const r = await svc(['invoices', 'credit-note', '-', '--number', 'KN-10', '--date', '2026-11-20', '--format', 'both'], { cwd: dir, stdin: input });
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['credit-note-KN-10.pdf']);
    expect(r.stderr).toMatch(/^svc: no XML for credit note KN-10: total_cents: .*Peppol rules \(BR-CO-15\).*\[total\]; the PDF was written alone$/m);
    const words = allText(await readPdf(readFileSync(join(dir, 'credit-note-KN-10.pdf'))));
    // 55.216,85 + 1,00 as the invoice states it: the credit note cancels what was invoiced.
    expect(words).toContain('Krediteret i alt 55.217,85 DKK');
    expect(words).toContain('[total]');
    // Asked for the XML alone, that is a refusal: exit 1 naming the rule, no file.
    const xmlDir = folder();
    const x = await svc(['invoices', 'credit-note', '-', '--number', 'KN-10', '--date', '2026-11-20', '--format', 'xml'], { cwd: xmlDir, stdin: input });
    expect(x.code).toBe(1);
    expect(x.stderr).toMatch(/^svc: cannot make the e-invoice: total_cents: .*BR-CO-15/m);
    expect(readdirSync(xmlDir)).toEqual([]);
  });

  it('asks for no payment: no payment reference, no FI line, no bank details, no due date', async () => {
    const fik = fileURLToPath(new URL('../payment-means/fik-dkk-2026-10.json', SAMPLES));
    for (const file of [fik, sampleFile('nordlys-2026-10-void.json')]) {
      const record = JSON.parse(readFileSync(file, 'utf8'));
      const dir = folder();
      const r = await svc(['invoices', 'credit-note', file, '--number', 'KN-11', '--date', '2026-11-20', '--format', 'both'], { cwd: dir });
      expect(r.code).toBe(0);
      const words = allText(await readPdf(readFileSync(join(dir, 'credit-note-KN-11.pdf'))));
      expect(words).toContain('Der skal ikke betales noget');
      expect(words).not.toContain(record.buyer.payment_reference);
      expect(words).not.toMatch(/Betalingsreference|Betales senest|Forfaldsdato|Bank:|\+71</);
      const doc = parseXml(readFileSync(join(dir, 'credit-note-KN-11.xml'))).documentElement!;
      expect(doc.getElementsByTagName('cac:PaymentMeans').length).toBe(0);
      expect(doc.getElementsByTagName('cbc:PaymentID').length).toBe(0);
    }
  });

  it.each([
    ['no --number', ['--date', '2026-11-20'], /^svc: --number: missing/],
    ['no --date', ['--number', 'KN-1'], /^svc: --date: missing/],
    ['a --date that is no date', ['--number', 'KN-1', '--date', '20.11.2026'], /^svc: --date: expected a date YYYY-MM-DD/],
    ['a --date before the invoice', ['--number', 'KN-1', '--date', '2026-11-01'], /^svc: --date: 2026-11-01 is before the issue date 2026-11-03/],
  ])('refuses %s: exit 2 (a flag of the command line), no file', async (_, flags, message) => {
    const dir = folder();
    const r = await svc(['invoices', 'credit-note', sampleFile('nordlys-2026-10.json'), ...flags, '--format', 'both'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'credit-note-KN-1.pdf'))).toBe(false);
  });
});
