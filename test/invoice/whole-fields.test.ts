import { describe, expect, it } from 'vitest';
import { renderCreditNotePdf, renderInvoicePdf, UnprintableFieldError } from '../../src/invoice/index.js';
import { SvcError } from '../../src/core/index.js';
import { readPdf, type PdfPage } from './_pdf.js';
import { overlaps, outside } from './_layout.js';
import { flat, pdftotext, type Crop } from './_poppler.js';
import { variant } from './_samples.js';
import { LONG_BUYER_NAME, LONG_FIELDS, longFieldsInvoice } from './_long-fields.js';

// An outside accountant's audit: a 132-character buyer name printed as "…Molekylærbiologisk
// Diagnostik,…" (exit 0, no warning), and a Chinese name as boxes. The law wants the seller's and
// the buyer's full name and address and the invoice number on the invoice (momsbekendtgørelsen
// § 58, stk. 1, nr. 2 and 4; VAT Directive 2006/112/EC art. 226, points 2 and 5): every field is
// printed whole, smaller when long, or the render is refused naming the field. Read back with
// poppler's pdftotext and pdfjs, readers not written here.

/** Page one's columns above the table, in points from the top left (A4: 595 × 842; the table starts at most 542 pt down). */
const BUYER_COLUMN: Crop = { x: 40, y: 100, width: 250, height: 440 };
const RIGHT_COLUMN: Crop = { x: 310, y: 40, width: 250, height: 500 };

/** The column's text as pdftotext -layout gives it, every run of white space one space. */
const column = (pdf: Uint8Array, crop: Crop): string => flat(pdftotext(pdf, 'layout', crop));

function onPage(page: PdfPage): void {
  expect(outside(page)).toEqual([]);
  expect(overlaps(page)).toEqual([]);
}

/** The refusal `render` gives: an UnprintableFieldError (an SvcError) naming `field`. */
async function refusal(render: Promise<Uint8Array>): Promise<UnprintableFieldError> {
  const e = await render.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UnprintableFieldError);
  expect(e).toBeInstanceOf(SvcError);
  return e as UnprintableFieldError;
}

describe('header fields are printed whole', () => {
  it("prints the audit's 132-character buyer name whole, set smaller, on one page without overlaps", async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => (j.buyer.legal_name = LONG_BUYER_NAME));
    for (const language of ['da', 'en']) {
      const pdf = await renderInvoicePdf(invoice, { language, embedXml: true });
      expect(column(pdf, BUYER_COLUMN)).toContain(flat(LONG_BUYER_NAME));
      expect(pdftotext(pdf)).not.toContain('…');
      const read = await readPdf(pdf);
      expect(read.pages).toHaveLength(1);
      read.pages.forEach(onPage);
    }
  });

  it('prints several long fields together whole: seller, buyer, address, invoice number and bank text', async () => {
    const pdf = await renderInvoicePdf(longFieldsInvoice(), { embedXml: true });
    const left = column(pdf, BUYER_COLUMN);
    for (const text of [LONG_FIELDS.buyer.legal_name, LONG_FIELDS.buyer.attention, LONG_FIELDS.buyer.address_line1, LONG_FIELDS.buyer.address_line2]) expect(left).toContain(flat(text));
    const right = column(pdf, RIGHT_COLUMN);
    for (const text of [LONG_FIELDS.seller.legal_name, LONG_FIELDS.seller.address, LONG_FIELDS.invoice_number]) expect(right).toContain(flat(text));
    // The e-mail address is one word wider than the column even at the smallest size: broken, not cut.
    expect(right.replace(/\s/g, '')).toContain(LONG_FIELDS.seller.email);
    // The bank text under the totals is whole too (it was cut after four lines).
    expect(flat(pdftotext(pdf, 'layout'))).toContain(flat(LONG_FIELDS.seller.bank));
    // Only the running heads are cut (the brand, the later pages' head, the footer): the seller's name each time, whole in its block.
    const cut = pdftotext(pdf).split('\n').filter((l) => l.includes('…'));
    expect(cut.length).toBeGreaterThan(0);
    for (const line of cut) expect(LONG_FIELDS.seller.legal_name.startsWith(line.split('…')[0]!.trim()) || line.startsWith('Serviceværket ApS, filial af Serviceværket Holding A/S (tidligere'), line).toBe(true);
    (await readPdf(pdf)).pages.forEach(onPage);
  });

  it('prints a long invoice number whole in the header of the pages after the first', async () => {
    const number = `KATTEGAT-2026-10-${'0'.repeat(40)}1`;
    const invoice = variant('kattegat-2026-10.json', (j) => (j.invoice_number = number));
    const read = await readPdf(await renderInvoicePdf(invoice));
    expect(read.pages.length).toBeGreaterThan(1);
    for (const page of read.pages.slice(1)) {
      expect(page.lines[0]).toContain(`Faktura ${number} (fortsat)`);
      onPage(page);
    }
  });

  it('refuses a 5,000-character buyer name naming the field, and makes no PDF', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => (j.buyer.legal_name = 'Aktieselskab '.repeat(385).trim()));
    const e = await refusal(renderInvoicePdf(invoice));
    expect(e.field).toBe('buyer.legal_name');
    expect(e.message).toMatch(/^buyer\.legal_name: too long to print in full: its 5004 characters take \d+ lines at 7 pt, and page one's header .* may take at most 492 pt/);
  });

  it('refuses too long a seller address, bank text, credit note reason or invoice number, each by its field', async () => {
    const long = (word: string): string => `${word} `.repeat(Math.ceil(5000 / (word.length + 1))).trim();
    const cases: Array<[string, Promise<Uint8Array>]> = [
      ['seller.address', renderInvoicePdf(variant('nordlys-2026-10.json', (j) => (j.seller.address = long('Strandgade'))))],
      ['seller.bank', renderInvoicePdf(variant('nordlys-2026-10.json', (j) => (j.seller.bank = long('Konto'))))],
      ['reason', renderCreditNotePdf(variant('nordlys-2026-10.json', () => {}), { number: 'KN-1', issueDate: '2026-11-20', reason: long('Fejl') })],
      ['invoice_number', renderInvoicePdf(variant('kattegat-2026-10.json', (j) => (j.invoice_number = '7'.repeat(200))))],
    ];
    for (const [field, render] of cases) expect((await refusal(render)).field, field).toBe(field);
  });

  it("lists a NOT VALID invoice's errors as far as the page has room, then says how many more, never past the page", async () => {
    // Every charged line's total one øre off: 84 line_total errors.
    const invoice = variant('kattegat-2026-10.json', (j) => j.lines.forEach((l) => l.kind !== 'usage_provider' && (l.line_total_cents += 1)));
    const read = await readPdf(await renderInvoicePdf(invoice));
    const last = read.pages.at(-1)!;
    onPage(last);
    const text = flat(last.lines.join(' '));
    expect(text).toMatch(/Og \d+ fejl mere: fakturakontrollen \(checkInvoice, svc invoices render\) viser dem alle\./);
    const shown = (text.match(/\[line_total\]/g) ?? []).length;
    const more = Number(/Og (\d+) fejl mere/.exec(text)![1]);
    expect(shown + more).toBe(84);
  });
});

describe('characters the fonts cannot draw', () => {
  it("refuses a buyer name in Chinese, naming buyer.legal_name and the characters as U+XXXX, instead of printing boxes", async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => (j.buyer.legal_name = 'Nordlys — 北京数据科技有限公司 丹麦分公司'));
    const e = await refusal(renderInvoicePdf(invoice));
    expect(e.field).toBe('buyer.legal_name');
    expect(e.message).toContain('U+5317 "北"');
    expect(e.message).toMatch(/^buyer\.legal_name: has characters the PDF's fonts \(DejaVu Sans\) have no glyph for: U\+5317 "北", U\+4EAC "京", .* and \d+ more; it would print as boxes$/);
  });

  it('names the line whose description has one, and a credit note\'s reason', async () => {
    const line = variant('nordlys-2026-10.json', (j) => (j.lines[2]!.description = 'Service Connect 人工智能服务'));
    expect((await refusal(renderInvoicePdf(line))).field).toBe('lines[2].description');
    const reason = renderCreditNotePdf(variant('nordlys-2026-10.json', () => {}), { number: 'KN-1', issueDate: '2026-11-20', reason: '返金' });
    expect((await refusal(reason)).message).toBe('reason: has characters the PDF\'s fonts (DejaVu Sans) have no glyph for: U+8FD4 "返", U+91D1 "金"; it would print as boxes');
  });

  it('refuses text that is not Unicode (a lone surrogate, printed as U+FFFD before; an outside fuzz audit) by its field', async () => {
    for (const name of ['Nordlys \ud800 Analytics ApS', 'Nordlys \ufffd Analytics ApS']) {
      const e = await refusal(renderInvoicePdf(variant('nordlys-2026-10.json', (j) => (j.buyer.legal_name = name))));
      expect([e.field, e.message]).toEqual(['buyer.legal_name', 'buyer.legal_name: holds text that is not valid Unicode (a lone surrogate, or U+FFFD "\ufffd" standing for one); it would print as a box']);
    }
  });

  it('still prints Greek and Cyrillic names, with no replacement character', async () => {
    const names = { greek: 'Ελληνική Εταιρεία Δεδομένων Μονοπρόσωπη Ανώνυμη Εταιρεία', cyrillic: 'Общество с ограниченной ответственностью Данные' };
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = names.greek;
      j.buyer.attention = names.cyrillic;
    });
    const text = pdftotext(await renderInvoicePdf(invoice));
    expect(text).not.toContain('\ufffd');
    expect(flat(text)).toContain(names.greek);
    expect(flat(text)).toContain(flat(names.cyrillic));
  });

  it('refuses Hebrew and Arabic by the field: this PDF has no bidirectional ordering, so they printed backwards (an outside fuzz audit)', async () => {
    // "שלום" drawn left to right as stored puts ש, its first letter, at the left: read right to left, it says "םולש".
    const hebrew = variant('nordlys-2026-10.json', (j) => (j.buyer.legal_name = 'חברת נתונים בע״מ'));
    const e1 = await refusal(renderInvoicePdf(hebrew));
    expect(e1.field).toBe('buyer.legal_name');
    expect(e1.message).toMatch(/^buyer\.legal_name: has right-to-left text \(U\+05D7 "ח", .*\), which this PDF cannot set: it has no bidirectional ordering or Arabic shaping, so the text would print backwards$/);
    const arabic = variant('nordlys-2026-10.json', (j) => (j.buyer.attention = 'شركة البيانات'));
    expect((await refusal(renderInvoicePdf(arabic))).field).toBe('buyer.attention');
    // Arabic-Indic digits are numbers, set left to right: not refused (a reviewer).
    expect(pdftotext(await renderInvoicePdf(variant('nordlys-2026-10.json', (j) => (j.buyer.attention = 'Ref ١٢٣'))))).toContain('١٢٣');
    // A Latin name with a right-to-left word in a line description: that line is named.
    const line = variant('nordlys-2026-10.json', (j) => (j.lines[0]!.description = `${j.lines[0]!.description} (مرحبا)`));
    expect((await refusal(renderInvoicePdf(line))).field).toBe('lines[0].description');
  });
});
