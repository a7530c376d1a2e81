import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { readPdf, type PdfPage } from './_pdf.js';
import { overlaps, outside } from './_layout.js';
import { variant } from './_samples.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER; // 90.071.992.547.409,91 in kroner

function clean(page: PdfPage): void {
  expect(outside(page)).toEqual([]);
  expect(overlaps(page)).toEqual([]);
}

describe('extreme header fields and amounts', () => {
  it('keeps a 40-character invoice number, long names and addresses and 90 trillion kroner on the page, without overlaps', async () => {
    const invoice = variant('nordlys-2026-10-void.json', (j) => {
      j.invoice_number = `INV-${'9'.repeat(36)}`;
      j.seller.legal_name = 'Serviceværket ApS med et meget langt navn der bliver ved og ved og ved';
      j.buyer.legal_name = 'Østjyllands Forenede Vindmølle- og Solcelleinvesteringsselskab Kommanditaktieselskab af 1987';
      j.buyer.attention = 'Bogholderiafdelingen '.repeat(6);
      j.buyer.address_line1 = `${'Langgade '.repeat(12)}12`;
      j.buyer.address_line2 = 'Bygning C, 14. sal, lejlighed 1401, indgang fra gården bag ved cykelskuret';
      j.buyer.city = 'Sønder Omme Nørre Nebel Vester Hjermitslev';
      j.buyer.email = `accounting@${'sub.'.repeat(10)}example.dk`;
      j.buyer.payment_reference = `PO-${'X'.repeat(300)}`;
      for (const k of ['subscription_subtotal_cents', 'usage_subtotal_cents', 'subtotal_cents', 'vat_cents', 'total_cents'] as const) j[k] = MAX_SAFE;
      j.lines[0]!.unit_price_cents = MAX_SAFE;
      j.lines[0]!.line_total_cents = MAX_SAFE;
    });
    for (const language of ['da', 'en']) {
      const pdf = await readPdf(await renderInvoicePdf(invoice, { language }));
      pdf.pages.forEach(clean);
      const text = pdf.pages.flatMap((p) => p.lines).join('\n');
      expect(text).toContain(language === 'da' ? 'I alt 90.071.992.547.409,91 DKK' : 'Total DKK 90,071,992,547,409.91'); // void: not "due"
      expect(text).toContain('INV-9999');
      expect(text).toContain('Serviceværket ApS med et meget');
    }
  });

  it('renders an invoice of only provider lines (checkInvoice reports them) as informational rows', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => (j.lines = j.lines.filter((l) => l.kind === 'usage_provider')));
    const pdf = await readPdf(await renderInvoicePdf(invoice, { language: 'en' }));
    expect(pdf.pages).toHaveLength(1);
    clean(pdf.pages[0]!);
    expect(pdf.pages[0]!.lines.filter((l) => l.startsWith('of which '))).toHaveLength(3);
    // Figures that do not add up make it NOT VALID (issue 36): its total asks for nothing.
    expect(pdf.pages[0]!.lines.some((l) => l.startsWith('Total '))).toBe(true);
    expect(pdf.pages[0]!.lines.some((l) => l.startsWith('Total due '))).toBe(false);
  });
});

describe('totals never stand alone on a page', () => {
  /** The totals' page: it must also hold at least one table row (a line or a provider sub-line). */
  function totalsPage(pages: PdfPage[]): PdfPage {
    // "I alt at betale", or "I alt" on a NOT VALID invoice (a cut record's figures do not add up: issue 36).
    const withTotals = pages.filter((p) => p.lines.some((l) => /^I alt (at betale )?[\d.]+,\d\d DKK$/.test(l)));
    expect(withTotals).toHaveLength(1);
    return withTotals[0]!;
  }
  const isRow = (l: string): boolean => /^(Service |Forbrug|heraf |Ord )/.test(l);

  it('for every length from 6 to 24 lines (across the first page break, at 13/14 lines)', async () => {
    for (let n = 6; n <= 24; n++) {
      const invoice = variant('kattegat-2026-10.json', (j) => (j.lines = j.lines.slice(0, n)));
      const pdf = await readPdf(await renderInvoicePdf(invoice));
      const page = totalsPage(pdf.pages);
      expect(page.lines.some(isRow), `${n} lines`).toBe(true);
      clean(page);
    }
  });

  // 300–500 words: one row that fits the first page but not with the totals (it used to leave them alone overleaf).
  it('when one line is nearly a page tall, and when it is taller than a page', async () => {
    for (const words of [300, 400, 500, 700]) {
      const invoice = variant('nordlys-2026-10.json', (j) => {
        j.lines = j.lines.slice(0, 1);
        j.lines[0]!.description = 'Ord '.repeat(words);
      });
      const pdf = await readPdf(await renderInvoicePdf(invoice));
      const page = totalsPage(pdf.pages);
      expect(page.lines.some(isRow), `${words} words`).toBe(true);
      pdf.pages.forEach(clean);
    }
  });
});
