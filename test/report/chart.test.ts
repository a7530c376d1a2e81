// The native charts: their parts exist, are wired together, and point at the cells they draw,
// read back by openpyxl (a reader not written here) and checked against SheetJS's cell values.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport } from '../../src/report/index.js';
import { hasOpenpyxl, PYTHON, runs } from '../_tools.js';
import { fixtureData } from './_fixtures.js';
import { readBook, xmlOf } from './_read.js';

const bytes = await buildCostReport(fixtureData({ months: 4 }), { language: 'en', organizationName: 'Test ApS' });
const book = readBook(bytes);

interface Series {
  name: string;
  values: string;
  categories: string;
  marked: number[];
}
interface Chart {
  sheet: string;
  kind: string;
  direction: string;
  grouping: string;
  title: string;
  anchor: [number, number, number, number];
  series: Series[];
}

/** The workbook's charts as openpyxl reads them. */
function chartsByOpenpyxl(file: string): Chart[] {
  const script = `
import json, sys
from openpyxl import load_workbook
wb = load_workbook(sys.argv[1])
out = []
for ws in wb.worksheets:
    for ch in ws._charts:
        def ref(r):
            return (r.strRef or r.numRef).f if r else None
        a = ch.anchor
        out.append({'sheet': ws.title, 'kind': type(ch).__name__, 'direction': ch.type, 'grouping': ch.grouping,
                    'title': ''.join(run.t for p in ch.title.tx.rich.p for run in (p.r or [])),
                    'anchor': [a._from.col, a._from.row, a.to.col, a.to.row],
                    'series': [{'name': s.tx.strRef.f, 'values': s.val.numRef.f, 'categories': ref(s.cat), 'marked': [d.idx for d in s.dPt]} for s in ch.series]})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync(PYTHON, ['-c', script, file], { encoding: 'utf8' })) as Chart[];
}

/** Values of a range like `'Months'!$C$2:$C$5` as SheetJS reads the cells. */
function cellsOf(ref: string): unknown[] {
  const m = /^'((?:[^']|'')+)'!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?$/.exec(ref)!;
  const ws = book.Sheets[m[1]!.replace(/''/g, "'")]!;
  const range = XLSX.utils.decode_range(`${m[2]}${m[3]}:${m[4] ?? m[2]}${m[5] ?? m[3]}`);
  const out: unknown[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) out.push(ws[XLSX.utils.encode_cell({ r, c: range.s.c })]?.v ?? null);
  return out;
}

describe('charts', () => {
  test('the chart parts exist and are wired: sheet -> drawing -> chart, each with its content type', () => {
    const types = xmlOf(bytes, '[Content_Types].xml');
    for (const [sheet, drawing] of [[2, 2], [7, 7]]) {
      expect(xmlOf(bytes, `xl/worksheets/sheet${sheet}.xml`)).toContain('<drawing r:id="rId4"/>');
      expect(xmlOf(bytes, `xl/worksheets/_rels/sheet${sheet}.xml.rels`)).toContain(`Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing${drawing}.xml"`);
      expect(types).toContain(`<Override PartName="/xl/drawings/drawing${drawing}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`);
    }
    expect(xmlOf(bytes, 'xl/drawings/_rels/drawing2.xml.rels')).toContain('Target="../charts/chart1.xml"');
    expect(xmlOf(bytes, 'xl/drawings/_rels/drawing7.xml.rels')).toContain('Target="../charts/chart2.xml"');
    for (const n of [1, 2]) expect(types).toContain(`<Override PartName="/xl/charts/chart${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`);
    // No macros, no pictures: the charts are drawn from the cells.
    const raw = XLSX.read(bytes, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, unknown> };
    expect(Object.keys(raw.files).filter((f) => /vbaProject|\/media\//.test(f))).toEqual([]);
  });

  test.runIf(runs(hasOpenpyxl))('openpyxl reads a stacked column chart of cost per month and a bar chart per group of the first key field, pointing at the right cells', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-chart-'));
    const file = join(dir, 'cost.xlsx');
    writeFileSync(file, bytes);
    const charts = chartsByOpenpyxl(file);
    expect(charts.map((c) => [c.sheet, c.kind, c.direction, c.grouping])).toEqual([
      ['Months', 'BarChart', 'col', 'stacked'],
      ['Key fields', 'BarChart', 'bar', 'clustered'],
    ]);
    const [months, fields] = charts as [Chart, Chart];
    expect(months.title).toBe('Cost per month (DKK, excl. VAT); pale yellow, dashed: estimated');
    expect(months.series).toEqual([
      { name: "'Months'!$C$1", values: "'Months'!$C$2:$C$5", categories: "'Months'!$A$2:$A$5", marked: [3] },
      { name: "'Months'!$F$1", values: "'Months'!$F$2:$F$5", categories: "'Months'!$A$2:$A$5", marked: [] },
      { name: "'Months'!$G$1", values: "'Months'!$G$2:$G$5", categories: "'Months'!$A$2:$A$5", marked: [3] },
    ]);
    // Below the table: its header, four months, totals and notes end before the chart starts.
    expect(months.anchor[1]).toBeGreaterThanOrEqual(6);
    expect(fields.title).toBe('Usage cost per Team (DKK, excl. VAT)');
    expect(fields.series).toEqual([{ name: "'Key fields'!$E$1", values: "'Key fields'!$E$2:$E$4", categories: "'Key fields'!$B$2:$B$4", marked: [] }]);
    // The ranges hold what the charts are about: usage, dev overage and plan of Aug-Nov; the Team groups' DKK.
    expect(cellsOf(months.series[0]!.name)).toEqual(['Usage (DKK)']);
    expect(cellsOf(months.series[0]!.values)).toEqual([null, 650, 789.01, 131.11]);
    expect(cellsOf(months.series[1]!.values)).toEqual([null, 0, 90, null]);
    expect(cellsOf(months.series[2]!.values)).toEqual([null, 5000, 5398, 5597]);
    expect(cellsOf(fields.series[0]!.categories)).toEqual(['Operations', 'Development', '(no value)']);
    expect(cellsOf(fields.series[0]!.name)).toEqual(['DKK']);
    // Each group's DKK is the sum of its keys' DKK on the Keys sheet (k1 ops, k2 dev, the rest no value).
    const keys = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Keys!, { header: 1 });
    const dkk = (keys[0] as string[]).indexOf('DKK');
    const byId = new Map(keys.slice(1, keys.findIndex((r) => r[0] === 'Total')).map((r) => [r[0], r[dkk] as number]));
    const rest = [...byId].filter(([id]) => id !== 'k1' && id !== 'k2' && typeof byId.get(id) === 'number').reduce((a, [, v]) => a + Math.round(v * 100), 0);
    expect((cellsOf(fields.series[0]!.values) as number[]).map((v) => Math.round(v * 100))).toEqual([Math.round(byId.get('k1')! * 100), Math.round(byId.get('k2')! * 100), rest]);
  });

  test("each chart caches the values of its cells, so a reader that does not recalculate draws the same", () => {
    const chart = xmlOf(bytes, 'xl/charts/chart1.xml');
    const usage = /<c:val><c:numRef><c:f>'Months'!\$C\$2:\$C\$5<\/c:f><c:numCache>(.*?)<\/c:numCache>/.exec(chart)![1]!;
    expect([...usage.matchAll(/<c:pt idx="(\d+)"><c:v>([^<]*)<\/c:v><\/c:pt>/g)].map((m) => [Number(m[1]), Number(m[2])])).toEqual([[1, 650], [2, 789.01], [3, 131.11]]);
    const labels = /<c:cat><c:strRef><c:f>'Months'!\$A\$2:\$A\$5<\/c:f><c:strCache>(.*?)<\/c:strCache>/.exec(chart)![1]!;
    expect([...labels.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => m[1])).toEqual(['Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026']);
  });
});
