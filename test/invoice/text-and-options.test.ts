import { describe, expect, it } from 'vitest';
import { InvalidRenderOptionError, renderInvoicePdf } from '../../src/invoice/index.js';
import { UnknownLanguageError } from '../../src/locale/index.js';
import { allText, readPdf } from './_pdf.js';
import { solidPng } from './_png.js';
import { sample, variant } from './_samples.js';

describe('fonts', () => {
  it('prints Polish, Cyrillic and Greek names with the embedded fonts', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = 'Łódź Żółć Sp. z o.o.';
      j.buyer.attention = 'Владимир Ковалёв';
      j.buyer.city = 'Αθήνα';
      j.lines[0]!.description = 'Ελληνικά και Русский текст, Şğ ǅ';
    });
    const text = allText(await readPdf(await renderInvoicePdf(invoice)));
    expect(text).toContain('Łódź Żółć Sp. z o.o.');
    expect(text).toContain('Att.: Владимир Ковалёв');
    expect(text).toContain('Αθήνα');
    expect(text).toContain('Ελληνικά και Русский текст, Şğ ǅ');
  });

  // It printed them as the replacement glyph (boxes, U+FFFD in the text) until an outside audit:
  // a buyer's name the reader cannot read is not its name (whole-fields.test.ts).
  it('refuses a character no font has, naming the field and the character, instead of printing a box', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = '株式会社 Nordlys 𝄞';
    });
    await expect(renderInvoicePdf(invoice)).rejects.toThrow('buyer.legal_name: has characters the PDF\'s fonts (DejaVu Sans) have no glyph for: U+682A "株", U+5F0F "式", U+4F1A "会", U+793E "社", U+1D11E "𝄞"; it would print as boxes');
  });

  it('treats text from the API as text: line breaks become spaces, other control characters are removed (the one rule)', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.lines[0]!.description = 'Linje\u0000med\nkontrol\u001b[31mtegn';
    });
    expect(allText(await readPdf(await renderInvoicePdf(invoice)))).toContain('Linjemed kontrol[31mtegn');
  });
});

describe('determinism and metadata', () => {
  it('gives byte-identical PDFs for the same invoice and options', async () => {
    const logo = solidPng(40, 20, [200, 30, 40]);
    for (const name of ['nordlys-2026-10.json', 'kattegat-2026-10.json', 'nordlys-2026-10-void.json']) {
      const a = await renderInvoicePdf(sample(name), { logo, accentColor: '#0b6e4f' });
      const b = await renderInvoicePdf(sample(name), { logo, accentColor: '#0b6e4f' });
      expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    }
  });

  it('takes its dates from the invoice, not the clock', async () => {
    const bytes = await renderInvoicePdf(sample('nordlys-2026-10.json'));
    const pdf = await readPdf(bytes);
    expect(pdf.info.CreationDate).toBe("D:20261103090000Z");
    expect(pdf.info.ModDate).toBe("D:20261103090000Z");
    expect(pdf.info.Producer).toBe('svc-reporting invoice renderer');
  });
});

describe('branding and options', () => {
  it('draws the logo and uses the accent colour; a different accent changes the bytes only there', async () => {
    const invoice = sample('nordlys-2026-10.json');
    const plain = await readPdf(await renderInvoicePdf(invoice));
    const withLogo = await readPdf(await renderInvoicePdf(invoice, { logo: solidPng(60, 30, [10, 80, 160]) }));
    expect(plain.pages[0]!.images).toBe(0);
    expect(withLogo.pages[0]!.images).toBe(1);
    const red = await renderInvoicePdf(invoice, { accentColor: '#b00020' });
    const blue = await renderInvoicePdf(invoice, { accentColor: '#0000ff' });
    expect(Buffer.compare(Buffer.from(red), Buffer.from(blue))).not.toBe(0);
    expect(allText(await readPdf(red))).toBe(allText(plain));
  });

  it('refuses a bad accent, a logo that is no image, and an unknown language', async () => {
    const invoice = sample('nordlys-2026-10.json');
    await expect(renderInvoicePdf(invoice, { accentColor: 'red' })).rejects.toThrow(InvalidRenderOptionError);
    await expect(renderInvoicePdf(invoice, { accentColor: 'red' })).rejects.toThrow(/accentColor/);
    await expect(renderInvoicePdf(invoice, { logo: new Uint8Array([1, 2, 3]) })).rejects.toThrow(/logo/);
    await expect(renderInvoicePdf(invoice, { language: 'de' })).rejects.toThrow(UnknownLanguageError);
  });
});
