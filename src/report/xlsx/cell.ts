/** A formula with the value it evaluates to, stored as its cached result so readers show it at once. */
export interface FormulaValue {
  formula: string;
  result?: number | string;
}

/** What a cell can hold; null, undefined and '' leave it without a value. */
export type CellValue = string | number | Date | FormulaValue | null | undefined;

const MS_PER_DAY = 86_400_000;
// Days from Excel's day zero (1899-12-30, counting its phantom 1900-02-29) to 1970-01-01.
const EPOCH_SERIAL = 25_569;

/** Excel's date serial of a UTC date (times as fractions of a day). */
export function dateSerial(d: Date): number {
  return d.getTime() / MS_PER_DAY + EPOCH_SERIAL;
}

// Text whose whitespace a reader could drop or fold without xml:space="preserve": leading or
// trailing whitespace (what libxlsxwriter and XlsxWriter mark), and, to be safe, tabs, line
// breaks and runs of spaces anywhere. Other text goes without the attribute (a sixth of the
// Keys sheet's bytes, at 100,000 keys). Checked by character and `includes`: a regular
// expression for it was 3 % of the Keys sheet's time.
export function needsPreserve(text: string): boolean {
  return isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)) || text.includes('\n') || text.includes('\t') || text.includes('  ');
}

const SPACE = /\s/;

/** Whether the UTF-16 unit `c` is whitespace as a regular expression's `\s` has it. */
export function isSpace(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return SPACE.test(String.fromCharCode(c));
}

/** `A`, `B`, ... `AA` for a 1-based column number. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}
