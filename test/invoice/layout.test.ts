import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { readPdf } from './_pdf.js';
import { overlaps, outside } from './_layout.js';
import { sample, variant } from './_samples.js';

describe('a long invoice (102 lines: 42 keys, each with its providers)', async () => {
  const invoice = sample('kattegat-2026-10.json');
  const pdf = await readPdf(await renderInvoicePdf(invoice));
  const n = pdf.pages.length;
  // What the invoice holds: each usage line's key id and how many provider lines follow it.
  const usage: Array<{ key: string; providers: number }> = [];
  for (const line of invoice.lines) {
    if (line.kind === 'usage') usage.push({ key: /nøgle (\S+)/.exec(line.description)![1]!, providers: 0 });
    if (line.kind === 'usage_provider') usage.at(-1)!.providers++;
  }
  const keyOf = (l: string) => /^Forbrug, nøgle (\S+)/.exec(l)?.[1];

  it('breaks pages with "Side i af n" on every page and the table header repeated', () => {
    expect(n).toBeGreaterThanOrEqual(3);
    pdf.pages.forEach((page, i) => {
      expect(page.lines.some((l) => l.endsWith(`Side ${i + 1} af ${n}`))).toBe(true);
      expect(page.lines.some((l) => l.startsWith('Beskrivelse Antal Enhedspris Beløb (DKK)'))).toBe(true);
      if (i > 0) expect(page.lines.some((l) => l.includes('Faktura 2026-0144 (fortsat)'))).toBe(true);
    });
  });

  it('prints every line once, in sort order, with each provider split under its usage line', () => {
    expect(invoice.lines.length).toBeGreaterThanOrEqual(100);
    const lines = pdf.pages.flatMap((p) => p.lines);
    expect(lines.map(keyOf).filter(Boolean)).toEqual(usage.map((u) => u.key));
    expect(lines.filter((l) => l.startsWith('heraf '))).toHaveLength(usage.reduce((a, u) => a + u.providers, 0));
    // A usage line and its providers never straddle a page break.
    let next = 0;
    for (const page of pdf.pages) {
      const keys = page.lines.map(keyOf).filter(Boolean);
      const expected = usage.slice(next, next + keys.length);
      next += keys.length;
      expect(page.lines.filter((l) => l.startsWith('heraf ')).length).toBe(expected.reduce((a, u) => a + u.providers, 0));
    }
  });

  it('puts the totals once, on the last page, together with table rows', () => {
    const total = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(invoice.total_cents / 100);
    expect(total).toBe('55.216,85');
    const withTotal = pdf.pages.map((p) => p.lines.some((l) => l.startsWith(`I alt at betale ${total} DKK`)));
    expect(withTotal.indexOf(true)).toBe(n - 1);
    expect(withTotal.filter(Boolean)).toHaveLength(1);
    expect(pdf.pages[n - 1]!.lines.some((l) => l.startsWith('Forbrug, nøgle'))).toBe(true);
  });

  it('keeps all text on the page and free of overlaps', () => {
    for (const page of pdf.pages) {
      expect(outside(page)).toEqual([]);
      expect(overlaps(page)).toEqual([]);
    }
  });
});

describe('hostile sizes', () => {
  it('wraps and splits absurd descriptions and shrinks huge numbers rather than leaving the page', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = 'A'.repeat(300);
      j.buyer.payment_reference = 'REF-'.repeat(40);
      j.lines[0]!.description = 'Meget lang beskrivelse '.repeat(400);
      j.lines[1]!.description = 'X'.repeat(2000);
      j.lines[2]!.quantity = 2147483647;
      j.lines[2]!.unit_price_cents = 4194303;
      j.lines[2]!.line_total_cents = 9007196895428481;
    });
    const pdf = await readPdf(await renderInvoicePdf(invoice));
    expect(pdf.pages.length).toBeGreaterThan(2);
    for (const page of pdf.pages) {
      expect(outside(page)).toEqual([]);
      expect(overlaps(page)).toEqual([]);
    }
    expect(pdf.pages.flatMap((p) => p.lines).join('\n')).toContain('90.071.968.954.284,81');
  });

  it('renders an invoice without lines on one page with its totals', async () => {
    // Without lines every amount is nil (with amounts and no lines, checkInvoice finds category_subtotal and the PDF is NOT VALID).
    const empty = variant('fjordline-2026-10.json', (j) => void Object.assign(j, { lines: [], subscription_subtotal_cents: 0, usage_subtotal_cents: 0, subtotal_cents: 0, vat_cents: 0, total_cents: 0 }));
    const pdf = await readPdf(await renderInvoicePdf(empty));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.lines).toContain('Total due EUR 0.00');
  });
});
