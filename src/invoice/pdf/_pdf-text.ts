/** Lower-case hex digits by value, as character codes. */
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/**
 * PDF syntax for values that come from data. A text string is always written as UTF-16BE
 * hex with a byte-order mark: any character (Æ, Ł, Я, parentheses, backslashes) arrives as
 * itself and nothing in it can end the string or be read as PDF syntax.
 */
export function pdfText(text: string): string {
  // Written as bytes and read once as a string: no string per character.
  const out = Buffer.allocUnsafe(6 + 4 * text.length);
  out.write('<FEFF', 0, 'latin1');
  let p = 5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[p++] = HEX[c >> 12]!;
    out[p++] = HEX[(c >> 8) & 15]!;
    out[p++] = HEX[(c >> 4) & 15]!;
    out[p++] = HEX[c & 15]!;
  }
  out[p] = 0x3e;
  return out.toString('latin1', 0, p + 1);
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
