import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/cli/_output/table.js';
import { styleFor } from '../../src/cli/_output/style.js';
import { wrap } from '../../src/cli/_output/wrap.js';
import { usagePeriod } from '../../src/cli/usage/_period.js';

const plain = styleFor({ isTTY: false }, {});
const widths = (t: string) => t.trimEnd().split('\n').map((l) => [...l].length);

describe('renderTable', () => {
  it('fits the width by cutting the widest text column with … first', () => {
    const rows = [['Cost center', 'x'.repeat(200)], ['A long field name that goes on', 'short']];
    const t = renderTable([{ header: 'FIELD', flex: true, min: 12 }, { header: 'VALUE', flex: true, min: 12 }], rows, 80, plain);
    expect(Math.max(...widths(t))).toBe(80);
    expect(t).toContain('x…');
    expect(t).toContain('A long field name that goes on');
    // Both wide: they give up width in turn, down to about half each.
    const both = renderTable([{ header: 'A', flex: true, min: 4 }, { header: 'B', flex: true, min: 4 }], [['a'.repeat(100), 'b'.repeat(100)]], 40, plain);
    expect(both.split('\n')[1]).toBe(`${'a'.repeat(18)}…  ${'b'.repeat(18)}…`);
  });
  it('leaves out the least important columns when cutting text is not enough, and says which', () => {
    const cols = [{ header: 'NAME', flex: true, min: 6 }, { header: 'ONE', drop: 2 }, { header: 'TWO', drop: 1 }, { header: 'COST', align: 'right' as const }];
    const rows = [['a-long-name', '111111', '222222', '9.99']];
    expect(renderTable(cols, rows, Infinity, plain).split('\n')[1]).toBe('a-long-name  111111  222222  9.99');
    const t = renderTable(cols, rows, 25, plain);
    expect(t.split('\n').slice(0, 2)).toEqual(['NAME         ONE     COST', 'a-long-name  111111  9.99']);
    expect(t.replace(/\n/g, ' ')).toContain('Not shown at this width: TWO (a wider window, or output into a pipe, shows it).');
    expect(Math.max(...widths(t))).toBeLessThanOrEqual(25);
  });
  it('right-aligns numbers and leaves a table that fits alone', () => {
    const t = renderTable([{ header: 'MODEL' }, { header: 'COST $', align: 'right' }], [['a', '1.00'], null, ['TOTAL', '10.00']], 80, plain);
    expect(t).toBe('MODEL  COST $\na        1.00\n─────────────\nTOTAL   10.00\n');
  });
});

describe('wrap', () => {
  it('wraps words with a hanging indent and cuts words longer than a line', () => {
    expect(wrap('aaa bbb ccc ddd', 12, '', '  ')).toEqual(['aaa bbb', '  ccc ddd']);
    expect(wrap('x'.repeat(25), 12, '', '')).toEqual(['x'.repeat(12), 'x'.repeat(12), 'x']);
  });
  it('never starts a line with a unit or closing sign: "(5.4 %)" stays whole', () => {
    expect(wrap('used this month (5.4 %).', 20, '')).toEqual(['used this month', '(5.4 %).']);
  });
});

describe('usagePeriod: UTC days from the clock given', () => {
  const at = (iso: string) => new Date(iso);
  it('month, week, today and last-month, across year ends and leap days', () => {
    expect(usagePeriod('month', at('2026-11-20T23:59:59Z'))).toMatchObject({ start: '2026-11-01', end: '2026-11-20' });
    expect(usagePeriod('week', at('2026-01-03T00:00:00Z'))).toMatchObject({ start: '2025-12-28', end: '2026-01-03' });
    expect(usagePeriod('today', at('2026-11-20T00:00:00Z'))).toMatchObject({ start: '2026-11-20', end: '2026-11-20', label: 'today, 2026-11-20' });
    expect(usagePeriod('last-month', at('2026-01-15T12:00:00Z'))).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
    expect(usagePeriod('last-month', at('2028-03-01T00:00:00Z'))).toMatchObject({ start: '2028-02-01', end: '2028-02-29' });
  });
  it('uses the UTC date, not the local one', () => {
    // 23:30 UTC is already the next day in Copenhagen; days start at midnight UTC.
    expect(usagePeriod('today', at('2026-11-20T23:30:00Z')).start).toBe('2026-11-20');
  });
});
