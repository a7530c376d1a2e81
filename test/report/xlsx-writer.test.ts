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
import { cellXml, WorkbookWriter, type CellValue } from '../../src/report/xlsx/index.js';

const STAMP = new Date('2026-10-31T00:00:00Z');

async function twoSheets(out?: Writable): Promise<Uint8Array | undefined> {
  const wb = new WorkbookWriter(STAMP, out);
  const bold = { font: { bold: true } };
  const a = wb.addSheet('Første', { widths: [20, 12], headerRow: 1 });
  a.row(1, cellXml('A1', 'Navn', wb.styles.id(bold)) + cellXml('B1', 'Beløb', wb.styles.id(bold)));
  a.row(2, cellXml('A2', '=HYPERLINK("http://x","y")', 0) + cellXml('B2', 12.5, wb.styles.id({ numFmt: '#,##0.00' })));
  a.row(3, cellXml('A3', 'a & <b> "c"', 0) + cellXml('B3', new Date('2026-10-01T00:00:00Z'), wb.styles.id({ numFmt: 'd mmm yyyy' })));
  a.row(4, cellXml('B4', { formula: 'SUM(B2:B3)', result: 46308.5 }, 0));
  a.note(1, 2, 'Beløb i DKK');
  a.table({ name: 'First', headerRow: 1, lastRow: 3, columns: ['Navn', 'Beløb'] });
  await a.end();
  const b = wb.addSheet("O'Brien", { widths: [] });
  b.row(1, cellXml('A1', 'x', 0));
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
    for (let r = 1; r <= 30_000; r++) ws.row(r, cellXml(`A${r}`, `row ${r} æøå ${'x'.repeat(r % 40)}`, 0) + cellXml(`B${r}`, r / 7, 0));
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
    ws.row(2, '');
    expect(() => ws.row(2, '')).toThrow(/row 2 comes after row 2/);
    ws.row(1_048_576, '');
    expect(() => ws.row(1_048_577, '')).toThrow(/more than 1048576 rows, which Excel cannot open/);
  });

  test('a wide sheet prints landscape, one page wide; merged cells read back as one', async () => {
    const wb = new WorkbookWriter(STAMP);
    // 20 columns of 14 characters: far wider than an upright page.
    const ws = wb.addSheet('Wide', { widths: Array.from({ length: 20 }, () => 14), headerRow: 1, print: { repeatColumns: 2 } });
    ws.row(1, cellXml('A1', 'Id', 0) + cellXml('B1', 'Name', 0));
    ws.row(3, cellXml('A3', 'A note as wide as the sheet', 0));
    ws.merge('A3:T3');
    await ws.end();
    const book = XLSX.read((await wb.finish())!, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    expect(book.Sheets.Wide!['!merges']).toEqual([XLSX.utils.decode_range('A3:T3')]);
    expect(book.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles')?.Ref).toBe("'Wide'!$A:$B,'Wide'!$1:$1");
    expect(Buffer.from(book.files['xl/worksheets/sheet1.xml']!.content).toString('utf8')).toContain('<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
  });

  test('cells written one by one are the bytes cellXml makes: escapes, UTF-8, surrogates, numbers, formulas', async () => {
    const values: CellValue[] = [
      'plain', ' lead', 'two  spaces', 'tab\there', 'a & <b> > "c"', 'æøå €', '𝄞 pair', 'lone \ud800 high', 'lone \udc00 low', 'end \ud83d',
      0, -0, 7, -12345, 123456789012345, 1e15, -1e21, 2 ** 53, 0.1 + 0.2, -1.5e-7, 46308.5,
      new Date('2026-10-01T00:00:00Z'), new Date('2026-10-01T13:30:00Z'),
      { formula: 'SUM(A1:A2)', result: 3 }, { formula: 'A1&"<x>"', result: 'a<x> & b' }, { formula: 'NOW()' }, { formula: 'X', result: 0.25 },
      null, undefined, '',
    ];
    // What the rows were as strings (`cellXml`), encoded by Node's own UTF-8 encoder.
    let expected = '';
    const wb = new WorkbookWriter(STAMP);
    const ws = wb.addSheet('S', { widths: [10] });
    for (let i = 0; i < values.length; i++) {
      const style = i % 3 === 0 ? 0 : wb.styles.id({ numFmt: i % 2 ? '0.00' : '0' });
      const r = i + 1;
      const height = i % 4 === 0 ? 30 : undefined;
      ws.beginRow(r, height);
      for (let c = 1; c <= 28; c += 27) ws.cell(c, values[i], style);
      ws.endRow();
      const cells = cellXml(`A${r}`, values[i], style) + cellXml(`AB${r}`, values[i], style);
      if (cells || height) expected += `<row r="${r}"${height ? ` ht="${height}" customHeight="1"` : ''}>${cells}</row>`;
    }
    // A row of nothing leaves nothing.
    ws.beginRow(values.length + 5);
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
