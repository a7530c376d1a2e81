import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { allText, pageText, readPdf } from './_pdf.js';
import { sample, variant } from './_samples.js';

describe('invoice PDF, Danish issued invoice with provider lines', async () => {
  const invoice = sample('nordlys-2026-10.json');
  const pdf = await readPdf(await renderInvoicePdf(invoice));
  const text = allText(pdf);

  it('shows seller, buyer and the invoice facts in Danish', () => {
    expect(pdf.pages).toHaveLength(1);
    for (const s of [
      'Faktura',
      'Serviceværket ApS',
      'Strandgade 12, 1401 København K, Danmark',
      'CVR-nr. 41234567',
      'Momsnr. DK41234567',
      'faktura@servicevaerket.dk',
      'Nordlys Analytics ApS',
      'Att.: Mette Kjærgaard, økonomi',
      'Åboulevarden 41, 3. sal',
      '8000 Aarhus C',
      'EAN-nr. 5790001234560',
      'Fakturanr. 2026-0142',
      'Fakturadato 03.11.2026',
      'Periode 01.10.2026 – 31.10.2026',
      'Forfaldsdato 17.11.2026',
      // The buyer's own reference is theirs; the payer quotes the invoice number (one invoice's alone).
      'Jeres reference NORDLYS-PO-2026-118',
      'Angiv fakturanr. 2026-0142 ved betaling',
      'IBAN DK66 3409 1234 5678 90',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('prints lines with quantity, unit price and amount, and the totals from the invoice fields', () => {
    expect(text).toContain('Service Dev Pro, udviklerpladser 6 399,00 2.394,00');
    expect(text).toContain('Abonnement i alt 16.394,00 DKK');
    // Each category is its lines: usage 8.458,22, the dev overage 12 × 45,00 = 540,00 its own
    // (the record counts it in usage_subtotal_cents 8.998,22); 16.394,00 + 8.458,22 + 540,00 = 25.392,22.
    expect(text).toContain('Forbrug i alt 8.458,22 DKK');
    expect(text).toContain('Dev-overforbrug i alt 540,00 DKK');
    expect(text).toContain('Subtotal ekskl. moms 25.392,22 DKK');
    expect(text).toContain('Moms 25 % 6.348,06 DKK');
    expect(text).toContain('I alt at betale 31.740,28 DKK');
    expect(text).toContain('Valutakurs USD/DKK 6,8512: forbruget i USD er omregnet til DKK til denne kurs.');
    expect(text).not.toContain('Omvendt betalingspligt');
    expect(text).not.toContain('ANNULLERET');
  });

  it('puts the provider lines directly under their usage line, marked "heraf", without amounts in the columns', () => {
    const lines = pdf.pages[0]!.lines;
    const usage = lines.findIndex((l) => l.startsWith('Forbrug af sprogmodeller, oktober 2026'));
    expect(usage).toBeGreaterThan(0);
    // The usage description wraps onto a second line; the provider lines follow it.
    expect(lines.slice(usage + 2, usage + 5)).toEqual([
      'heraf Anthropic: 4.905,86 DKK',
      'heraf OpenAI: 2.791,14 DKK',
      'heraf Mistral AI: 761,22 DKK',
    ]);
    expect(lines[usage + 5]).toMatch(/^Dev-overforbrug/);
  });

  it('writes the metadata: title with the number, the seller as author, the language', () => {
    expect(pdf.info.Title).toBe('Faktura 2026-0142');
    expect(pdf.info.Author).toBe('Serviceværket ApS');
    expect(pdf.info.Language).toBe('da');
  });
});

describe('invoice PDF in English', () => {
  it('renders the Danish invoice in English on request', async () => {
    const text = allText(await readPdf(await renderInvoicePdf(sample('nordlys-2026-10.json'), { language: 'en' })));
    expect(text).toContain('Invoice date 3 Nov 2026');
    expect(text).toContain('Service period 1 Oct 2026 – 31 Oct 2026');
    expect(text).toContain('Service Dev Pro, udviklerpladser 6 399.00 2,394.00');
    expect(text).toContain('of which Anthropic: DKK 4,905.86');
    expect(text).toContain('VAT 25% DKK 6,348.06');
    expect(text).toContain('Total due DKK 31,740.28');
  });

  it('shows the EUR invoice to a UK business as outside the scope of Danish VAT', async () => {
    const pdf = await readPdf(await renderInvoicePdf(sample('fjordline-2026-10.json')));
    const text = allText(pdf);
    expect(text).toContain('BILL TO');
    expect(text).toContain('Fjordline Consulting Ltd');
    expect(text).toContain('VAT no. GB123456789');
    expect(text).toContain('Total due EUR 2,096.12');
    expect(text).toContain('VAT 0% EUR 0.00');
    // Its usage is converted from USD to EUR, so a USD/DKK rate would explain nothing here.
    expect(text).not.toContain('Exchange rate');
    expect(text).not.toContain('VAT amount in DKK');
    expect(text).toContain('Not subject to Danish VAT: the place of supply is outside the EU');
    expect(text).toContain('section 16(1); Council Directive 2006/112/EC, Article 44');
    expect(text).not.toContain('Reverse charge');
    expect(text).toContain('Page 1 of 1');
    expect(pdf.info.Language).toBe('en');
  });

  it('states the VAT of a USD invoice in DKK at its usd_dkk_rate, rounded half up', async () => {
    const usd = variant('fjordline-2026-10.json', (j) => {
      j.currency = 'USD';
      j.vat_rate_bps = 2500;
      j.vat_cents = 52403; // 25 % of 209612, rounded half up
      j.total_cents = j.subtotal_cents + j.vat_cents;
      j.buyer.vat = 'DK12345678';
      // The line's text showed the USD its EUR amount came from; on a USD invoice it would be another amount (line_conversion).
      for (const l of j.lines) l.description = l.description.replace(/ \(USD [\d.,]+\)/, '');
    });
    const text = allText(await readPdf(await renderInvoicePdf(usd)));
    // 524.03 × 6.8512 = 3590.23433… DKK
    expect(text).toContain('VAT amount in DKK: DKK 3,590.23 (converted from USD at USD/DKK 6.8512).');
    expect(text).toContain('Total due USD 2,620.15');
    expect(text).not.toContain('Reverse charge');
  });

  it('shows the outside-the-scope note in Danish too', async () => {
    const text = allText(await readPdf(await renderInvoicePdf(sample('fjordline-2026-10.json'), { language: 'da' })));
    expect(text).toContain('Ikke omfattet af dansk moms');
    expect(text).not.toContain('Omvendt betalingspligt');
    expect(text).toContain('I alt at betale 2.096,12 EUR');
  });
});

describe('void invoices', () => {
  it('stamps ANNULLERET · VOID on the page and marks the header; the figures stay, but nothing asks for money', async () => {
    const pdf = await readPdf(await renderInvoicePdf(sample('nordlys-2026-10-void.json')));
    const page = pdf.pages[0]!;
    // The Danish word, and the spec's VOID (reporting-api.md §3: a void invoice is "stamped VOID on its PDF").
    expect(page.items.filter((i) => i.rotated && i.str.trim()).map((i) => i.str)).toEqual(['ANNULLERET · VOID']);
    const marks = page.items.filter((i) => !i.rotated && i.str === 'ANNULLERET · VOID').map((i) => i.y);
    // The boxed mark beside the title, and the stamp's word for text extractors under the footer.
    expect(marks).toHaveLength(2);
    expect(Math.max(...marks)).toBeGreaterThan(page.height - 100);
    expect(Math.min(...marks)).toBeLessThan(30);
    const text = pageText(page);
    expect(text).toContain('I alt 32.737,78 DKK');
    expect(text).not.toContain('I alt at betale');
    expect(text).not.toMatch(/Betales|Betaling\b|Bank:|IBAN/);
    expect(text.replace(/\s+/g, ' ')).toContain('Denne faktura er annulleret og skal ikke betales. Er den allerede betalt, så kontakt faktura@servicevaerket.dk. Den annulleres med en kreditnota, der henviser til denne faktura.');
    // It asks for nothing: no due date and no reference to quote (the issued twin has both).
    const issued = pageText((await readPdf(await renderInvoicePdf(sample('nordlys-2026-10.json')))).pages[0]!);
    for (const [label, value] of [['Forfaldsdato', '17.11.2026'], ['Angiv fakturanr.', '2026-0142 ved betaling']]) {
      expect(issued).toContain(label);
      expect(issued).toContain(value);
      expect(text).not.toContain(label);
      expect(text).not.toContain(value);
    }
  });

  it('stamps VOID on every page of a long void invoice', async () => {
    const long = variant('kattegat-2026-10.json', (j) => {
      j.status = 'void';
      j.language = 'en';
    });
    const pdf = await readPdf(await renderInvoicePdf(long));
    expect(pdf.pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pdf.pages) expect(page.items.filter((i) => i.rotated && i.str.trim()).map((i) => i.str)).toEqual(['VOID']);
  });
});
