import type { Style } from 'exceljs';

/** How a column's values are shown. */
export type ColumnKind = 'text' | 'int' | 'usd' | 'dkk' | 'rate' | 'pct' | 'date' | 'month';

/** The Excel number formats of the workbook; dates take the language's pattern. */
export interface Formats {
  date: string;
  month: string;
}

/** Style objects shared by every cell that uses them: exceljs caches a style by object identity. */
export interface StyleBook {
  plain: Record<ColumnKind, Partial<Style>>;
  /** The same formats, marked as estimated (italic on a pale yellow fill). */
  estimated: Record<ColumnKind, Partial<Style>>;
  /** The same formats, bold: totals rows. */
  total: Record<ColumnKind, Partial<Style>>;
  /** The same formats, highlighted: rows that need attention (e.g. a key not up to date). */
  attention: Record<ColumnKind, Partial<Style>>;
  header: Partial<Style>;
  heading: Partial<Style>;
  note: Partial<Style>;
}

const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: '@',
  int: '#,##0',
  usd: '#,##0.00##',
  dkk: '#,##0.00',
  rate: '0.0000',
  pct: '0.0%',
  date: undefined,
  month: undefined,
};

const KINDS = Object.keys(NUM_FMT) as ColumnKind[];

function byKind(formats: Formats, extra: Partial<Style>): Record<ColumnKind, Partial<Style>> {
  const out = {} as Record<ColumnKind, Partial<Style>>;
  for (const kind of KINDS) {
    const numFmt = kind === 'date' ? formats.date : kind === 'month' ? formats.month : NUM_FMT[kind];
    // Text wraps within its column: a long note or description would otherwise run on past the
    // last column, and fitting the page to its width then shrank the whole sheet to unreadable.
    const alignment: Partial<Style['alignment']> = kind === 'text' ? { vertical: 'top', wrapText: true } : { vertical: 'top', horizontal: 'right' };
    out[kind] = { numFmt, alignment, ...extra };
  }
  return out;
}

const fill = (argb: string): Style['fill'] => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** Builds the workbook's styles once. */
export function makeStyles(formats: Formats): StyleBook {
  return {
    plain: byKind(formats, {}),
    estimated: byKind(formats, { font: { italic: true, color: { argb: 'FF7F6000' } }, fill: fill('FFFFF2CC') }),
    total: byKind(formats, { font: { bold: true }, border: { top: { style: 'thin' } } }),
    attention: byKind(formats, { fill: fill('FFFCE4D6'), font: { color: { argb: 'FF9C0006' } } }),
    header: {
      font: { bold: true },
      fill: fill('FFD9E1F2'),
      border: { bottom: { style: 'thin' } },
      alignment: { vertical: 'top', wrapText: true },
    },
    heading: { font: { bold: true, size: 13 } },
    note: { font: { italic: true, color: { argb: 'FF595959' } }, alignment: { vertical: 'top' } },
  };
}
