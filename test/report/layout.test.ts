// Printed layout: long texts wrap inside their column and their rows are tall enough to show them.
import { expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport } from '../../src/report/index.js';
import { fixtureData } from './_fixtures.js';
import { readBook } from './_read.js';

test('a Summary explanation longer than its column gets a row of several lines; short rows keep the default height', async () => {
  const book = readBook(await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en' }));
  const ws = book.Sheets['Summary']!;
  const widthC = ws['!cols']![4]!.wch ?? ws['!cols']![4]!.width!;
  const rows = ws['!rows'] ?? [];
  const range = XLSX.utils.decode_range(ws['!ref']!);
  let long = 0;
  for (let r = range.s.r; r <= range.e.r; r++) {
    const text = ws[XLSX.utils.encode_cell({ r, c: 4 })]?.v;
    const label = ws[XLSX.utils.encode_cell({ r, c: 0 })]?.v;
    if (typeof text !== 'string' || typeof label !== 'string') continue;
    const height = rows[r]?.hpt;
    if (text.length > widthC * 1.2) {
      long++;
      expect(height, `row ${r + 1} "${label}"`).toBeGreaterThanOrEqual(30);
    } else if (text.length < widthC * 0.8) {
      expect(height ?? 15, `row ${r + 1} "${label}"`).toBeLessThanOrEqual(15);
    }
  }
  expect(long).toBeGreaterThan(0);
});
