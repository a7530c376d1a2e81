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
 * bottom-left corner; text is drawn as hex glyph ids of a FontFace (never as a string the
 * PDF would interpret).
 */
export class PageContent {
  private readonly ops: string[] = [];

  text(face: FontFace, size: number, x: number, y: number, text: string, color: Rgb): void {
    if (!text) return;
    this.ops.push(`BT ${rgb(color)} rg /${face.resourceName} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm <${face.encode(text)}> Tj ET`);
  }

  /** Text rotated by `degrees` around its start point, with a fill opacity graphics state. */
  rotatedText(face: FontFace, size: number, x: number, y: number, degrees: number, text: string, color: Rgb, gs: string): void {
    const a = (degrees * Math.PI) / 180;
    const c = num(Math.cos(a));
    const s = num(Math.sin(a));
    this.ops.push(`q /${gs} gs BT ${rgb(color)} rg /${face.resourceName} ${num(size)} Tf ${c} ${s} ${num(-Math.sin(a))} ${c} ${num(x)} ${num(y)} Tm <${face.encode(text)}> Tj ET Q`);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.ops.push(`${rgb(color)} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, width: number): void {
    this.ops.push(`${rgb(color)} RG ${num(width)} w ${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width: number): void {
    this.ops.push(`${rgb(color)} RG ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  image(name: string, x: number, y: number, w: number, h: number): void {
    this.ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  toString(): string {
    return this.ops.join('\n');
  }
}
