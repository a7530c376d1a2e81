import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { renderCreditNotePdf, renderInvoicePdf } from '../../src/invoice/index.js';
import type { InvoiceJson } from '../../src/model/index.js';
import { sampleJson } from './_samples.js';
import { flat, pdftotext } from './_poppler.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Each invoice rendered alone in a fresh Node process (nothing any other render made is in memory): its sha256. */
function renderedAlone(invoices: InvoiceJson[]): string[] {
  const script = `
    import { createHash } from 'node:crypto';
    import { readFileSync } from 'node:fs';
    const { renderInvoicePdf } = await import(process.argv[1] + 'dist/invoice/index.js');
    const invoice = JSON.parse(readFileSync(0, 'utf8'));
    process.stdout.write(createHash('sha256').update(await renderInvoicePdf(invoice)).digest('hex'));`;
  return invoices.map((inv) => execFileSync(process.execPath, ['--input-type=module', '-e', script, ROOT], { input: JSON.stringify(inv), encoding: 'utf8' }));
}

/** The October invoice to another buyer; `name` changes which characters the page draws and in what order. */
function toBuyer(name: string, city: string): InvoiceJson {
  const json = sampleJson('nordlys-2026-10.json');
  json.buyer.legal_name = name;
  json.buyer.city = city;
  return json;
}

describe('what the renderer keeps between documents (font subsets, widths, ToUnicode maps)', () => {
  // A: the sample; B: other letters (new glyphs, so other CIDs); C: B's words in another order
  // (the same glyph set, first used in another order, so numbered differently); D: a Cyrillic and Greek name (glyphs beyond Latin-1).
  const invoices = [
    sampleJson('nordlys-2026-10.json'),
    toBuyer('Quixotic Zebra Works ApS', 'Hjørring'),
    toBuyer('Zebra Works Quixotic ApS', 'Hjørring'),
    toBuyer('Владимир Ελληνικά ApS', 'Ærø'),
  ];

  it('never lets one document change another: each, rendered after the others in one process, has the bytes it has alone', async () => {
    const alone = renderedAlone(invoices);
    expect(new Set(alone).size).toBe(invoices.length);
    const inTurn: string[] = [];
    for (let round = 0; round < 2; round++) for (const inv of invoices) inTurn.push(sha(await renderInvoicePdf(inv)));
    expect(inTurn).toEqual([...alone, ...alone]);
    // Reversed: what the first renders left behind does not shape the later ones either.
    const reversed: string[] = [];
    for (const inv of [...invoices].reverse()) reversed.push(sha(await renderInvoicePdf(inv)));
    expect(reversed).toEqual([...alone].reverse());
  });

  it('keeps a bounded number of glyph sequences: 40 buyers with a letter each of their own, twice in turn, each with its own text and bytes', async () => {
    const buyers = Array.from({ length: 40 }, (_, i) => toBuyer(`Kunde ${String.fromCharCode(0x100 + i)}${String.fromCharCode(0x141 - i)} A/S`, 'Odense'));
    const first: string[] = [];
    for (const inv of buyers) {
      const pdf = await renderInvoicePdf(inv);
      // pdftotext reads the text back through the document's ToUnicode map and glyph numbers.
      expect(flat(pdftotext(pdf))).toContain(inv.buyer.legal_name);
      first.push(sha(pdf));
    }
    expect(new Set(first).size).toBe(buyers.length);
    const again: string[] = [];
    for (const inv of [...buyers].reverse()) again.push(sha(await renderInvoicePdf(inv)));
    expect(again).toEqual([...first].reverse());
    // A credit note draws other words with the same faces: its own bytes, then the invoice's again.
    const credit = await renderCreditNotePdf(buyers[0]!, { number: 'KN-1', issueDate: '2026-11-20' });
    expect(flat(pdftotext(credit))).toContain(buyers[0]!.buyer.legal_name);
    expect(sha(await renderInvoicePdf(buyers[0]!))).toBe(first[0]);
  });
});
