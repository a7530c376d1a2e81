import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { ByteSink } from '../../src/invoice/pdf/_byte-sink.js';
import { sample, variant } from './_samples.js';
import { flat, pdftotext } from './_poppler.js';
import { solidPng } from './_png.js';

/** The file's cross-reference table checked byte by byte: a reader that trusts it finds every object where it says. */
function checkXref(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  expect(text.startsWith('%PDF-1.7\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number) as [number, number, number];
  expect(first).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + count);
  expect(entries[0]).toBe('0000000000 65535 f ');
  for (let n = 1; n < count; n++) {
    const entry = entries[n]!;
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
  }
  expect(text).toContain(`trailer\n<</Size ${count} `);
  // Every stream's /Length is the number of bytes up to "endstream".
  for (const m of text.matchAll(/\/Length (\d+) *>>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 11)).toBe('\nendstream\n');
  }
  return count - 1;
}

describe('the PDF file structure', () => {
  it('has a cross-reference entry and exact stream lengths for every object, with and without a logo, on 1 and 5 pages', async () => {
    expect(checkXref(await renderInvoicePdf(sample('nordlys-2026-10.json')))).toBeGreaterThan(15);
    expect(checkXref(await renderInvoicePdf(sample('kattegat-2026-10.json')))).toBeGreaterThan(20);
    expect(checkXref(await renderInvoicePdf(sample('fjordline-2026-10.json'), { logo: solidPng(40, 20, [200, 30, 30]) }))).toBeGreaterThan(15);
  });
});

describe('numbers in content streams', () => {
  it('are written with at most two decimals, rounded, without -0 or exponents', () => {
    const cases: Array<[number, string]> = [
      [0, '0'], [-0, '0'], [-0.004, '0'], [0.005, '0.01'], [12.5, '12.5'], [537.28, '537.28'], [595.28, '595.28'],
      [841.89, '841.89'], [-3, '-3'], [-12.346, '-12.35'], [-12.344, '-12.34'], [1e-7, '0'], [100, '100'], [9.999, '10'], [123456789.01, '123456789.01'],
    ];
    for (const [value, text] of cases) {
      const sink = ByteSink.borrow();
      sink.num(value);
      expect(sink.bytes().toString('latin1'), String(value)).toBe(text);
      sink.release();
    }
  });
});

describe('text in content streams', () => {
  it('reaches a reader whatever bytes its glyph numbers hold, those a string must escape included', async () => {
    // Over 300 distinct characters: the 2-byte glyph numbers (1, 2, … in first-use order) then take
    // every low byte, among them ( ) \ CR and LF, under high bytes 0 and 1.
    const chars: string[] = [];
    for (const [from, to] of [[0x21, 0x7e], [0xa1, 0xac], [0xae, 0xff], [0x100, 0x17f], [0x391, 0x3a1], [0x3a3, 0x3c9]] as const) {
      for (let c = from; c <= to; c++) chars.push(String.fromCodePoint(c));
    }
    expect(chars.length).toBeGreaterThan(300);
    const words: string[] = [];
    for (let i = 0; i < chars.length; i += 8) words.push(chars.slice(i, i + 8).join(''));
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.lines.forEach((line, i) => (line.description = words.filter((_, w) => w % j.lines.length === i).join(' ')));
    });
    const text = flat(pdftotext(await renderInvoicePdf(invoice)));
    for (const word of words) expect(text, word).toContain(word);
  });
});
