/** `00`…`ff`: a table lookup per byte is a third of the time of toString(16) and padStart per character. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * PDF syntax for values that come from data. A text string is always written as UTF-16BE
 * hex with a byte-order mark: any character (Æ, Ł, Я, parentheses, backslashes) arrives as
 * itself and nothing in it can end the string or be read as PDF syntax.
 */
export function pdfText(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    hex += BYTE_HEX[c >> 8]! + BYTE_HEX[c & 255]!;
  }
  return `${hex}>`;
}


/** A PDF date string `(D:YYYYMMDDHHmmSSZ)` in UTC. */
export function pdfDate(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `(D:${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z)`;
}

/** A number as PDF writes it: at most two decimals, never `-0` or an exponent. */
export function pdfNumber(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}
