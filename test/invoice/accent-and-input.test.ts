import { describe, expect, it } from 'vitest';
import { getDocument, OPS } from '../_pdfjs.js';
import { InvalidRenderOptionError, renderInvoicePdf } from '../../src/invoice/index.js';
import { SchemaError } from '../../src/model/index.js';
import { sample, sampleJson } from './_samples.js';

/** The fill colour of every text run on page 1, as pdfjs (a reader not written here) sees it. */
async function textColours(pdf: Uint8Array): Promise<Set<string>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const ops = await (await doc.getPage(1)).getOperatorList();
  const colours = new Set<string>();
  let fill = '#000000';
  const stack: string[] = [];
  ops.fnArray.forEach((fn, i) => {
    if (fn === OPS.save) stack.push(fill);
    if (fn === OPS.restore) fill = stack.pop() ?? fill;
    if (fn === OPS.setFillRGBColor) fill = String(ops.argsArray[i]![0]);
    if (fn === OPS.showText) colours.add(fill);
  });
  await doc.destroy();
  return colours;
}

describe('accent colours keep text legible (WCAG AA, 4.5:1)', () => {
  it('uses white on a dark accent and the accent for title and total', async () => {
    const colours = await textColours(await renderInvoicePdf(sample('nordlys-2026-10.json'), { accentColor: '#1f4e79' }));
    expect(colours).toContain('#ffffff'); // the table header on the accent band
    expect(colours).toContain('#1f4f78'); // title, total due: #1f4e79 as the PDF writes it (0.12 0.31 0.47)
  });

  it('uses dark text on yellow, and never yellow text on white', async () => {
    // White on #ffff00 is 1.07:1; the dark text (#212429) on it is 14.5:1.
    const colours = await textColours(await renderInvoicePdf(sample('nordlys-2026-10.json'), { accentColor: '#ffff00' }));
    expect(colours).not.toContain('#ffff00');
    expect(colours).not.toContain('#ffffff');
    expect(colours).toContain('#212429');
  });

  it('refuses an accent on which neither white nor dark text reaches 4.5:1, naming the option', async () => {
    // #ff0000: white 4.00:1, dark text 3.89:1. #808080: white 3.95:1, dark 3.94:1.
    for (const accent of ['#ff0000', '#808080']) {
      const attempt = renderInvoicePdf(sample('nordlys-2026-10.json'), { accentColor: accent });
      await expect(attempt).rejects.toThrow(InvalidRenderOptionError);
      await expect(renderInvoicePdf(sample('nordlys-2026-10.json'), { accentColor: accent })).rejects.toThrow(/^accentColor: .*4\.5:1/);
    }
    // #b00020 (white 7.33:1) and #f5c518 (dark text 9.55:1) are fine.
    for (const accent of ['#b00020', '#f5c518']) await expect(renderInvoicePdf(sample('nordlys-2026-10.json'), { accentColor: accent })).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe('renderInvoicePdf input', () => {
  it('renders the API JSON (JSON.parse of the body) to the same bytes as the parsed record', async () => {
    const fromJson = await renderInvoicePdf(JSON.parse(JSON.stringify(sampleJson('nordlys-2026-09.json'))));
    const fromRecord = await renderInvoicePdf(sample('nordlys-2026-09.json'));
    expect(Buffer.compare(Buffer.from(fromJson), Buffer.from(fromRecord))).toBe(0);
  });

  it('throws a SchemaError naming the field for a malformed record, never a TypeError', async () => {
    const json = sampleJson('nordlys-2026-09.json') as unknown as Record<string, unknown>;
    await expect(renderInvoicePdf({ ...json, usd_dkk_rate: 6.9 } as never)).rejects.toThrow(SchemaError);
    await expect(renderInvoicePdf({ ...json, usd_dkk_rate: 6.9 } as never)).rejects.toThrow(/field usd_dkk_rate/);
    await expect(renderInvoicePdf({ ...json, lines: 'none' } as never)).rejects.toThrow(/field lines/);
    await expect(renderInvoicePdf(undefined as never)).rejects.toThrow(SchemaError);
  });
});
