import type { CellStyle } from './xlsx/index.js';

/** How a column's values are shown. */
export type ColumnKind = 'text' | 'int' | 'usd' | 'dkk' | 'rate' | 'fxrate' | 'pct' | 'date' | 'month';

/** The Excel number formats of the workbook; dates take the language's pattern. */
export interface Formats {
  date: string;
  month: string;
}

/** Style objects shared by every cell that uses them: the style table caches a style by object identity. */
export interface StyleBook {
  plain: Record<ColumnKind, CellStyle>;
  /** The same formats, marked as estimated (italic on a pale yellow fill). */
  estimated: Record<ColumnKind, CellStyle>;
  /** The same formats, bold: totals rows. */
  total: Record<ColumnKind, CellStyle>;
  /** The same formats, highlighted: rows that need attention (e.g. a key not up to date). */
  attention: Record<ColumnKind, CellStyle>;
  /** The same formats for a credit (negative spend): green on pale green. */
  credit: Record<ColumnKind, CellStyle>;
  /** Header cells: over text columns, and right-aligned over numbers. */
  header: CellStyle;
  headerNumber: CellStyle;
  heading: CellStyle;
  note: CellStyle;
  /** Text that runs on into the empty cells beside it instead of wrapping (a name beside its label). */
  runOn: CellStyle;
}

const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: '@',
  int: '#,##0',
  // Two decimals shown; the cell keeps the exact USD (the format rounds, not the data).
  usd: '#,##0.00',
  dkk: '#,##0.00',
  rate: '0.0000',
  // An exchange rate to DKK: 4 decimals, up to 6 for an ECB cross rate (its exact derivation is in the row).
  fxrate: '0.0000##',
  pct: '0.0%',
  date: undefined,
  month: undefined,
};

const KINDS = Object.keys(NUM_FMT) as ColumnKind[];

function byKind(formats: Formats, extra: CellStyle): Record<ColumnKind, CellStyle> {
  const out = {} as Record<ColumnKind, CellStyle>;
  for (const kind of KINDS) {
    const numFmt = kind === 'date' ? formats.date : kind === 'month' ? formats.month : NUM_FMT[kind];
    // Text wraps within its column: a long note or description would otherwise run on past the
    // last column, and fitting the page to its width then shrank the whole sheet to unreadable.
    const alignment: CellStyle['alignment'] = kind === 'text' ? { vertical: 'top', wrapText: true } : { vertical: 'top', horizontal: 'right' };
    out[kind] = { ...(numFmt ? { numFmt } : {}), alignment, ...extra };
  }
  return out;
}

/** Builds the workbook's styles once. */
export function makeStyles(formats: Formats): StyleBook {
  const header: CellStyle = {
    font: { bold: true },
    fill: 'FFD9E1F2',
    border: { bottom: 'thin' },
    alignment: { vertical: 'top', wrapText: true },
  };
  return {
    plain: byKind(formats, {}),
    estimated: byKind(formats, { font: { italic: true, color: 'FF7F6000' }, fill: 'FFFFF2CC' }),
    total: byKind(formats, { font: { bold: true }, border: { top: 'thin' } }),
    attention: byKind(formats, { fill: 'FFFCE4D6', font: { color: 'FF9C0006' } }),
    credit: byKind(formats, { fill: 'FFE2EFDA', font: { color: 'FF375623' } }),
    header,
    headerNumber: { ...header, alignment: { vertical: 'top', horizontal: 'right', wrapText: true } },
    heading: { font: { bold: true, size: 13 } },
    note: { font: { italic: true, color: 'FF595959' }, alignment: { vertical: 'top' } },
    runOn: { numFmt: '@', alignment: { vertical: 'top' } },
  };
}
