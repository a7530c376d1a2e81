import type { LogoImage } from './pdf/logo-image.js';
import type { PageContent, Rgb } from './pdf/content.js';
import type { FontFace } from './pdf/font-face.js';
import type { AccentInk } from './_theme.js';

/** What drawing needs besides the page: the two faces, the accent colours (see accentInk) and the logo. */
export interface Ink extends AccentInk {
  regular: FontFace;
  bold: FontFace;
  logo?: LogoImage;
}

/** Right-aligned text ending at `right`. */
export function textRight(page: PageContent, face: FontFace, size: number, right: number, y: number, text: string, color: Rgb): void {
  page.text(face, size, right - face.width(text, size), y, text, color);
}
