import type { FontFace } from './font-face.js';

/** An RGB colour with channels 0..1. */
export type Rgb = readonly [number, number, number];

const num = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};
const rgb = (c: Rgb): string => `${num(c[0])} ${num(c[1])} ${num(c[2])}`;

/**
 * Builds one page's content stream as PDF operators. Coordinates are PDF points from the
 * bottom-left corner; text is drawn as hex CIDs of a FontFace (never as a string the PDF
 * would interpret). Font and colours are only re-set when they change, which keeps the
 * stream small (less to deflate, smaller files).
 */
export class PageContent {
  private readonly ops: string[] = [];
  private fill = '';
  private stroke = '';
  private lineWidth = '';
  private font = '';

  private setFill(color: Rgb): void {
    const c = rgb(color);
    if (c !== this.fill) this.ops.push(`${(this.fill = c)} rg`);
  }

  private setStroke(color: Rgb, width: number): void {
    const c = rgb(color);
    if (c !== this.stroke) this.ops.push(`${(this.stroke = c)} RG`);
    const w = num(width);
    if (w !== this.lineWidth) this.ops.push(`${(this.lineWidth = w)} w`);
  }

  private setFont(face: FontFace, size: number): void {
    const f = `/${face.resourceName} ${num(size)} Tf`;
    if (f !== this.font) this.ops.push((this.font = f));
  }

  text(face: FontFace, size: number, x: number, y: number, text: string, color: Rgb): void {
    if (!text) return;
    this.setFill(color);
    this.setFont(face, size);
    this.ops.push(`BT ${num(x)} ${num(y)} Td <${face.encode(text)}> Tj ET`);
  }

  /** Text rotated by `degrees` around its start point, under the opacity graphics state `gs`. */
  rotatedText(face: FontFace, size: number, x: number, y: number, degrees: number, text: string, color: Rgb, gs: string): void {
    const a = (degrees * Math.PI) / 180;
    const c = num(Math.cos(a));
    const s = num(Math.sin(a));
    // Inside q…Q the state changes are undone afterwards, so the tracked state is kept as it was.
    this.ops.push(`q /${gs} gs ${rgb(color)} rg /${face.resourceName} ${num(size)} Tf BT ${c} ${s} ${num(-Math.sin(a))} ${c} ${num(x)} ${num(y)} Tm <${face.encode(text)}> Tj ET Q`);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.setFill(color);
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, width: number): void {
    this.setStroke(color, width);
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width: number): void {
    this.setStroke(color, width);
    this.ops.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  image(name: string, x: number, y: number, w: number, h: number): void {
    this.ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  toString(): string {
    return this.ops.join('\n');
  }
}
