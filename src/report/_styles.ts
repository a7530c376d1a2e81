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

/** Style books made in this process, by their two formats: one per language (a handful at most). */
const made = new Map<string, StyleBook>();
/** More formats than any set of locales has: past it, a book is made afresh rather than kept. */
const MAX_BOOKS = 16;

/**
 * The workbook's styles. The same formats give the same style objects for every workbook of the
 * process (frozen, so no builder can change one another workbook shares): building the book cost
 * a month end's workbook more than its Models sheet, and the style table and the table writer key
 * what they derive from a style on the object itself.
 */
export function makeStyles(formats: Formats): StyleBook {
  const key = `${formats.date}\u0000${formats.month}`;
  let book = made.get(key);
  if (!book) {
    book = deepFreeze(buildStyles(formats));
    if (made.size < MAX_BOOKS) made.set(key, book);
  }
  return book;
}

function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (v && typeof v === 'object' && !Object.isFrozen(v)) deepFreeze(v as object);
  return Object.freeze(o);
}

function buildStyles(formats: Formats): StyleBook {
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
