import type { FontFace } from './font-face.js';
import { ByteSink } from './_byte-sink.js';
import { deflate } from './_deflate.js';
import { pdfNumber } from './_pdf-text.js';

/** An RGB colour with channels 0..1. */
export type Rgb = readonly [number, number, number];

const num = pdfNumber;
const rgbText = new WeakMap<Rgb, string>();
/** Colours are a handful of constant tuples; their text is made once. */
const rgb = (c: Rgb): string => {
  let text = rgbText.get(c);
  if (text === undefined) rgbText.set(c, (text = `${num(c[0])} ${num(c[1])} ${num(c[2])}`));
  return text;
};

/**
 * Builds one page's content stream as PDF operators. Coordinates are PDF points from the
 * bottom-left corner; text is drawn as the 2-byte CIDs of a FontFace in a string whose
 * delimiters are escaped (never the text itself as a string the PDF would interpret). Font and colours are only re-set when they change, which keeps the
 * stream small (less to deflate, smaller files).
 */
export class PageContent {
  private readonly out = ByteSink.borrow();
  private fill = '';
  private stroke = '';
  private lineWidth = -1;
  private fontFace: FontFace | undefined;
  private fontSize = 0;

  private setFill(color: Rgb): void {
    const c = rgb(color);
    if (c !== this.fill) this.out.ascii(`${(this.fill = c)} rg\n`);
  }

  private setStroke(color: Rgb, width: number): void {
    const c = rgb(color);
    if (c !== this.stroke) this.out.ascii(`${(this.stroke = c)} RG\n`);
    if (width !== this.lineWidth) {
      this.lineWidth = width;
      this.nums(width);
      this.out.ascii('w\n');
    }
  }

  private setFont(face: FontFace, size: number): void {
    if (face === this.fontFace && size === this.fontSize) return;
    this.fontFace = face;
    this.fontSize = size;
    this.out.ascii(`/${face.resourceName} `);
    this.nums(size);
    this.out.ascii('Tf\n');
  }

  /** Writes each number followed by a space (coordinates never become strings; see ByteSink.num). */
  private nums(a: number, b?: number, c?: number, d?: number): void {
    this.out.num(a);
    this.out.ascii(' ');
    if (b === undefined) return;
    this.out.num(b);
    this.out.ascii(' ');
    if (c === undefined || d === undefined) return;
    this.out.num(c);
    this.out.ascii(' ');
    this.out.num(d);
    this.out.ascii(' ');
  }

  text(face: FontFace, size: number, x: number, y: number, text: string, color: Rgb): void {
    if (!text) return;
    this.setFill(color);
    this.setFont(face, size);
    this.out.ascii('BT ');
    this.nums(x, y);
    this.out.ascii('Td (');
    face.encodeInto(text, this.out);
    this.out.ascii(') Tj ET\n');
  }

  /**
   * Text rotated by `degrees` around its start point. It is one marked span with an empty
   * /ActualText: text extractors that honour it (poppler's pdftotext) skip the rotated glyphs,
   * which they would otherwise scatter letter by letter through the lines they cross; what they
   * read instead is drawn with invisibleText.
   */
  rotatedText(face: FontFace, size: number, x: number, y: number, degrees: number, text: string, color: Rgb): void {
    const a = (degrees * Math.PI) / 180;
    const c = num(Math.cos(a));
    const s = num(Math.sin(a));
    // Inside q…Q the state changes are undone afterwards, so the tracked state is kept as it was.
    this.out.ascii(`/Span <</ActualText <FEFF>>> BDC q ${rgb(color)} rg /${face.resourceName} ${num(size)} Tf BT ${c} ${s} ${num(-Math.sin(a))} ${c} ${num(x)} ${num(y)} Tm (`);
    face.encodeInto(text, this.out);
    this.out.ascii(') Tj ET Q EMC\n');
  }

  /** Text that is not painted (render mode 3) but read by text extractors: a drawing's words, where they belong in reading order. */
  invisibleText(face: FontFace, size: number, x: number, y: number, text: string): void {
    this.out.ascii(`q /${face.resourceName} ${num(size)} Tf 3 Tr BT ${num(x)} ${num(y)} Td (`);
    face.encodeInto(text, this.out);
    this.out.ascii(') Tj ET Q\n');
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.setFill(color);
    this.nums(x, y, w, h);
    this.out.ascii('re f\n');
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, width: number): void {
    this.setStroke(color, width);
    this.nums(x, y, w, h);
    this.out.ascii('re S\n');
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width: number): void {
    this.setStroke(color, width);
    this.nums(x1, y1);
    this.out.ascii('m ');
    this.nums(x2, y2);
    this.out.ascii('l S\n');
  }

  image(name: string, x: number, y: number, w: number, h: number): void {
    this.out.ascii(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /${name} Do Q\n`);
  }

  /** The page's stream compressed; the page is finished afterwards and must not be drawn on. */
  deflated(): Buffer {
    const bytes = deflate(this.out.bytes());
    this.out.release();
    return bytes;
  }
}
