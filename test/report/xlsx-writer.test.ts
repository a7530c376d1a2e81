// The workbook writer under the cost and partner workbooks, read back with SheetJS (`xlsx`) and
// checked as a zip by Info-ZIP's `unzip -t` when it is installed: readers not written here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { hasUnzip, runs } from '../_tools.js';
import { WorkbookWriter, type CellValue, type SheetWriter } from '../../src/report/xlsx/index.js';

const STAMP = new Date('2026-10-31T00:00:00Z');

/** Row `r` of `ws`: each cell as [column (1-based), value, style]. */
function putRow(ws: SheetWriter, r: number, cells: Array<[number, CellValue, number]>): void {
  ws.beginRow(r);
  for (const [column, value, style] of cells) ws.cell(column, value, style);
  ws.endRow();
}

async function twoSheets(out?: Writable): Promise<Uint8Array | undefined> {
  const wb = new WorkbookWriter(STAMP, out);
  const bold = { font: { bold: true } };
  const a = wb.addSheet('Første', { widths: [20, 12], headerRow: 1 });
  putRow(a, 1, [[1, 'Navn', wb.styles.id(bold)], [2, 'Beløb', wb.styles.id(bold)]]);
  putRow(a, 2, [[1, '=HYPERLINK("http://x","y")', 0], [2, 12.5, wb.styles.id({ numFmt: '#,##0.00' })]]);
  putRow(a, 3, [[1, 'a & <b> "c"', 0], [2, new Date('2026-10-01T00:00:00Z'), wb.styles.id({ numFmt: 'd mmm yyyy' })]]);
  putRow(a, 4, [[2, { formula: 'SUM(B2:B3)', result: 46308.5 }, 0]]);
  a.note(1, 2, 'Beløb i DKK');
  a.table({ name: 'First', headerRow: 1, lastRow: 3, columns: ['Navn', 'Beløb'] });
  await a.end();
  const b = wb.addSheet("O'Brien", { widths: [] });
  putRow(b, 1, [[1, 'x', 0]]);
  b.note(1, 1, 'second note');
  b.autoFilter('A1:A1');
  await b.end();
  return wb.finish();
}

describe('WorkbookWriter', () => {
  test('cells, styles, notes, tables and print titles read back with SheetJS', async () => {
    const bytes = (await twoSheets())!;
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, cellStyles: true, bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    expect(book.SheetNames).toEqual(['Første', "O'Brien"]);
    const ws = book.Sheets['Første']!;
    expect([ws.A2!.t, ws.A2!.v, ws.A2!.f]).toEqual(['s', '=HYPERLINK("http://x","y")', undefined]);
    expect(ws.A3!.v).toBe('a & <b> "c"');
    expect([ws.B2!.v, ws.B2!.z]).toEqual([12.5, '#,##0.00']);
    expect(XLSX.SSF.format(ws.B3!.z as string, ws.B3!.v as number)).toBe('1 Oct 2026');
    expect([ws.B4!.f, ws.B4!.v]).toEqual(['SUM(B2:B3)', 46308.5]);
    expect(ws.B1!.c?.[0]?.t).toBe('Beløb i DKK');
    expect(book.Sheets["O'Brien"]!.A1!.c?.[0]?.t).toBe('second note');
    expect(book.Sheets["O'Brien"]!['!autofilter']?.ref).toBe('A1:A1');
    // The header row on every printed page, and the label column should a reader print wider than a page.
    expect(book.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles')?.Ref).toBe("'Første'!$A:$A,'Første'!$1:$1");
    const text = (p: string) => Buffer.from(book.files[p]!.content).toString('utf8');
    // Every sheet one page wide and as many down as it takes; a narrow one upright.
    for (const sheet of ['sheet1', 'sheet2']) {
      expect(text(`xl/worksheets/${sheet}.xml`)).toContain('<pageSetUpPr fitToPage="1"/>');
      expect(text(`xl/worksheets/${sheet}.xml`)).toContain('<pageSetup paperSize="9" orientation="portrait" fitToWidth="1" fitToHeight="0"/>');
    }
    expect(text('xl/tables/table1.xml')).toContain('ref="A1:B3"');
    // Each drawing owns its own block of shape ids.
    expect(text('xl/drawings/vmlDrawing1.vml')).toContain('_x0000_s1025');
    expect(text('xl/drawings/vmlDrawing2.vml')).toContain('_x0000_s2049');
  });

  test('the same content gives the same bytes, streamed or in memory', async () => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (c: Buffer) => chunks.push(c));
    await twoSheets(sink);
    const inMemory = (await twoSheets())!;
    expect(Buffer.concat(chunks).equals(Buffer.from(inMemory))).toBe(true);
    expect(Buffer.from((await twoSheets())!).equals(Buffer.from(inMemory))).toBe(true);
  });

  test.runIf(runs(hasUnzip))('a large sheet is a valid zip entry (unzip -t checks every CRC)', async () => {
    const wb = new WorkbookWriter(STAMP);
    const ws = wb.addSheet('Rows', { widths: [30, 12] });
    for (let r = 1; r <= 30_000; r++) putRow(ws, r, [[1, `row ${r} æøå ${'x'.repeat(r % 40)}`, 0], [2, r / 7, 0]]);
    await ws.end();
    const bytes = (await wb.finish())!;
    const dir = mkdtempSync(join(tmpdir(), 'svc-xlsx-'));
    const file = join(dir, 'rows.xlsx');
    let rows: unknown[][];
    try {
      writeFileSync(file, bytes);
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
      // Raw values only (sheet_to_json's default): without each cell's formatted text and HTML,
      // which nothing here reads, SheetJS reads the 30,000 rows (the same rows) in about 60 % of the CPU.
      rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { cellText: false, cellHTML: false }).Sheets.Rows!, { header: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(rows).toHaveLength(30_000);
    // Every row in its place (a row left out reads back as an empty one, keeping the length).
    expect(rows.findIndex((row, i) => row[0] !== `row ${i + 1} æøå ${'x'.repeat((i + 1) % 40)}`)).toBe(-1);
    expect(rows[29_999]).toEqual([`row 30000 æøå ${'x'.repeat(30_000 % 40)}`, 30_000 / 7]);
  });

  test('a failing output stream rejects, instead of hanging or reporting success', async () => {
    const broken = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, cb) {
        cb(new Error('ENOSPC: no space left on device'));
      },
    });
    await expect(twoSheets(broken)).rejects.toThrow(/ENOSPC/);
  });

  test('sheet names Excel would refuse are refused by name', () => {
    const wb = new WorkbookWriter(STAMP);
    expect(() => wb.addSheet('a/b', { widths: [] })).toThrow(/not a valid sheet name: "a\/b"/);
    expect(() => wb.addSheet('x'.repeat(32), { widths: [] })).toThrow(/not a valid sheet name/);
    wb.addSheet('Keys', { widths: [] });
    expect(() => wb.addSheet('Other', { widths: [] })).toThrow(/sheet Keys has not ended/);
  });

  test('rows must come in order, and within what Excel can open', () => {
    const ws = new WorkbookWriter(STAMP).addSheet('S', { widths: [] });
    putRow(ws, 2, []);
    expect(() => putRow(ws, 2, [])).toThrow(/row 2 comes after row 2/);
    putRow(ws, 1_048_576, []);
    expect(() => putRow(ws, 1_048_577, [])).toThrow(/more than 1048576 rows, which Excel cannot open/);
  });

  test('a wide sheet prints landscape, one page wide; merged cells read back as one', async () => {
    const wb = new WorkbookWriter(STAMP);
    // 20 columns of 14 characters: far wider than an upright page.
    const ws = wb.addSheet('Wide', { widths: Array.from({ length: 20 }, () => 14), headerRow: 1, print: { repeatColumns: 2 } });
    putRow(ws, 1, [[1, 'Id', 0], [2, 'Name', 0]]);
    putRow(ws, 3, [[1, 'A note as wide as the sheet', 0]]);
    ws.merge('A3:T3');
    await ws.end();
    const book = XLSX.read((await wb.finish())!, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    expect(book.Sheets.Wide!['!merges']).toEqual([XLSX.utils.decode_range('A3:T3')]);
    expect(book.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles')?.Ref).toBe("'Wide'!$A:$B,'Wide'!$1:$1");
    expect(Buffer.from(book.files['xl/worksheets/sheet1.xml']!.content).toString('utf8')).toContain('<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
  });

  test('cells as XML: escapes, UTF-8, surrogates, numbers, dates and formulas, written out by hand', async () => {
    // Each value with what follows `<c r="…"` and its ` s="N"` (by hand; '' for a value that
    // leaves no cell unless it has a style, when it is `<c r="…" s="N"/>`).
    const inline = (t: string) => ` t="inlineStr"><is><t>${t}</t></is></c>`;
    const preserved = (t: string) => ` t="inlineStr"><is><t xml:space="preserve">${t}</t></is></c>`;
    const v = (n: string) => `><v>${n}</v></c>`;
    const cases: Array<[CellValue, string]> = [
      ['plain', inline('plain')], [' lead', preserved(' lead')], ['two  spaces', preserved('two  spaces')], ['tab\there', preserved('tab\there')],
      ['a & <b> > "c"', inline('a &amp; &lt;b&gt; &gt; "c"')], ['æøå €', inline('æøå €')], ['𝄞 pair', inline('𝄞 pair')],
      // A lone surrogate is U+FFFD, as Node's UTF-8 encoder writes it.
      ['lone \ud800 high', inline('lone \ufffd high')], ['lone \udc00 low', inline('lone \ufffd low')], ['end \ud83d', inline('end \ufffd')],
      [0, v('0')], [-0, v('0')], [7, v('7')], [-12345, v('-12345')], [123456789012345, v('123456789012345')], [1e15, v('1000000000000000')],
      [-1e21, v('-1e+21')], [2 ** 53, v('9007199254740992')], [0.1 + 0.2, v('0.30000000000000004')], [-1.5e-7, v('-1.5e-7')], [46308.5, v('46308.5')],
      // Excel's serial: days since 1899-12-30, 2026-10-01 is day 46296; 13:30 is 0.5625 of a day.
      [new Date('2026-10-01T00:00:00Z'), v('46296')], [new Date('2026-10-01T13:30:00Z'), v('46296.5625')],
      [{ formula: 'SUM(A1:A2)', result: 3 }, '><f>SUM(A1:A2)</f><v>3</v></c>'],
      [{ formula: 'A1&"<x>"', result: 'a<x> & b' }, ' t="str"><f>A1&amp;"&lt;x&gt;"</f><v>a&lt;x&gt; &amp; b</v></c>'],
      [{ formula: 'NOW()' }, '><f>NOW()</f></c>'], [{ formula: 'X', result: 0.25 }, '><f>X</f><v>0.25</v></c>'],
      [null, ''], [undefined, ''], ['', ''],
    ];
    let expected = '';
    const wb = new WorkbookWriter(STAMP);
    const ws = wb.addSheet('S', { widths: [10] });
    for (let i = 0; i < cases.length; i++) {
      const [value, tail] = cases[i]!;
      const style = i % 3 === 0 ? 0 : wb.styles.id({ numFmt: i % 2 ? '0.00' : '0' });
      const r = i + 1;
      const height = i % 4 === 0 ? 30 : undefined;
      ws.beginRow(r, height);
      for (let c = 1; c <= 28; c += 27) ws.cell(c, value, style);
      ws.endRow();
      const s = style ? ` s="${style}"` : '';
      const cells = tail ? `<c r="A${r}"${s}${tail}<c r="AB${r}"${s}${tail}` : style ? `<c r="A${r}"${s}/><c r="AB${r}"${s}/>` : '';
      if (cells || height) expected += `<row r="${r}"${height ? ` ht="${height}" customHeight="1"` : ''}>${cells}</row>`;
    }
    // A row of nothing leaves nothing.
    ws.beginRow(cases.length + 5);
    ws.cell(1, null, 0);
    ws.endRow();
    await ws.end();
    const bytes = (await wb.finish())!;
    const book = XLSX.read(bytes, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    const sheet = Buffer.from(book.files['xl/worksheets/sheet1.xml']!.content);
    expect(sheet.includes(Buffer.from(`<sheetData>${expected}</sheetData>`, 'utf8'))).toBe(true);
    expect(book.Sheets.S!.A7!.v).toBe('𝄞 pair');
    expect(book.Sheets.S!.AB5!.v).toBe('a & <b> > "c"');
  });
});
