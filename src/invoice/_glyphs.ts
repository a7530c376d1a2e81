import type { CreditNoteDetails, Invoice } from '../model/index.js';
import type { FontPair } from './font/fonts.js';
import { clean } from './_text.js';
import { UnprintableFieldError } from './unprintable-field-error.js';

/**
 * Which characters the document's two faces can both draw: any text of the record may be set in
 * either (the seller's name is bold in its block and regular in the footer). DejaVu Sans and Sans
 * Bold differ only in private-use and mathematical letters. Per process and font pair, per code
 * point, looked up once: 1 drawn, 2 not (0: not looked up yet); most text is Latin-1, a lookup a
 * character.
 */
class Coverage {
  private readonly bmp = new Uint8Array(0x10000);
  private readonly astral = new Map<number, boolean>();
  constructor(private readonly fonts: FontPair) {}

  has(cp: number): boolean {
    if (cp < 0x10000) {
      let known = this.bmp[cp]!;
      if (known === 0) this.bmp[cp] = known = this.drawn(cp) ? 1 : 2;
      return known === 1;
    }
    let known = this.astral.get(cp);
    // Bounded: a record has few characters beyond the BMP, and the faces cover few.
    if (known === undefined && this.astral.size < 4096) this.astral.set(cp, (known = this.drawn(cp)));
    return known ?? this.drawn(cp);
  }

  private drawn(cp: number): boolean {
    return this.fonts.regular.glyphId(cp) !== 0 && this.fonts.bold.glyphId(cp) !== 0;
  }
}

const coverages = new WeakMap<FontPair, Coverage>();
const REPLACEMENT = 0xfffd;

/**
 * Right-to-left scripts (Unicode's blocks for Hebrew, Arabic, Syriac, Thaana, N'Ko and their
 * supplements, presentation forms and historic right-to-left scripts). The fonts have many of
 * their glyphs, but this PDF writer sets text left to right as it is stored, with no
 * bidirectional ordering (UAX #9) and no Arabic shaping: a Hebrew or Arabic name would print
 * backwards. An outside fuzz audit found it (pdftotext reorders such text, so it read well there).
 */
function isRightToLeft(cp: number): boolean {
  // Arabic-Indic digits (U+0660-0669, U+06F0-06F9) are numbers, set left to right like any.
  if ((cp >= 0x0660 && cp <= 0x0669) || (cp >= 0x06f0 && cp <= 0x06f9)) return false;
  return (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc) || (cp >= 0x10800 && cp <= 0x10fff) || (cp >= 0x1e800 && cp <= 0x1efff);
}

/** The distinct code points of `text` the faces cannot both draw, in order of appearance. */
export function undrawable(fonts: FontPair, text: string): number[] {
  let coverage = coverages.get(fonts);
  if (!coverage) coverages.set(fonts, (coverage = new Coverage(fonts)));
  let missing: number[] | undefined;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
    }
    // U+FFFD has a glyph, but stands for text that was not Unicode (a lone surrogate, clean's
    // replacement): printing it would show a box where the record had a character.
    if ((cp === REPLACEMENT || isRightToLeft(cp) || !coverage.has(cp)) && !(missing ??= []).includes(cp)) missing.push(cp);
  }
  return missing ?? [];
}

/** `U+5317 "北", U+4EAC "京"` (the first few, then how many in all). */
export function characterList(codePoints: readonly number[]): string {
  const shown = codePoints.slice(0, 6).map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')} "${String.fromCodePoint(cp)}"`);
  return codePoints.length > shown.length ? `${shown.join(', ')} and ${codePoints.length - shown.length} more` : shown.join(', ');
}

/** The refusal of a field with characters the faces lack. */
export function undrawableError(field: string, codePoints: readonly number[]): UnprintableFieldError {
  if (codePoints.includes(REPLACEMENT)) return new UnprintableFieldError(field, 'holds text that is not valid Unicode (a lone surrogate, or U+FFFD "\uFFFD" standing for one); it would print as a box');
  const rtl = codePoints.filter(isRightToLeft);
  if (rtl.length) return new UnprintableFieldError(field, `has right-to-left text (${characterList(rtl)}), which this PDF cannot set: it has no bidirectional ordering or Arabic shaping, so the text would print backwards`);
  return new UnprintableFieldError(field, `has ${codePoints.length === 1 ? 'a character' : 'characters'} the PDF's fonts (DejaVu Sans) have no glyph for: ${characterList(codePoints)}; it would print as boxes`);
}

/**
 * Refuses, before anything is drawn, a record (or credit note) with a text field holding a
 * character the faces cannot draw, naming the first such field in the record's order. The text
 * as printed: invisible and control characters are removed first (clean), as on the page.
 * @throws UnprintableFieldError
 */
export function checkDrawable(fonts: FontPair, invoice: Invoice, credit?: CreditNoteDetails): void {
  const { seller, buyer } = invoice;
  const fields: Array<[string, string | null | undefined]> = [
    ['invoice_number', invoice.invoice_number],
    ['seller.legal_name', seller.legal_name], ['seller.address', seller.address], ['seller.cvr', seller.cvr], ['seller.vat', seller.vat],
    ['seller.email', seller.email], ['seller.bank', seller.bank],
    ['buyer.legal_name', buyer.legal_name], ['buyer.attention', buyer.attention], ['buyer.address_line1', buyer.address_line1],
    ['buyer.address_line2', buyer.address_line2], ['buyer.postal_code', buyer.postal_code], ['buyer.city', buyer.city],
    ['buyer.country', buyer.country], ['buyer.cvr', buyer.cvr], ['buyer.vat', buyer.vat], ['buyer.ean', buyer.ean],
    ['buyer.payment_reference', buyer.payment_reference], ['buyer.email', buyer.email],
    ...invoice.lines.map((line, i): [string, string] => [`lines[${i}].description`, line.description]),
    ...(credit ? [['number', credit.number], ['reason', credit.reason]] as Array<[string, string | undefined]> : []),
  ];
  for (const [field, text] of fields) {
    // Records come clean already (parseRecord): the text as printed is only made where something is missing.
    if (!text || undrawable(fonts, text).length === 0) continue;
    const missing = undrawable(fonts, clean(text));
    if (missing.length) throw undrawableError(field, missing);
  }
}
