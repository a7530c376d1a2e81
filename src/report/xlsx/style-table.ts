import { escapeAttr, NS_MAIN, XML_HEAD } from './_xml.js';

/** How a cell looks. Colours are ARGB hex (`FFD9E1F2`). */
export interface CellStyle {
  /** An Excel number format code (`#,##0.00`, `d mmm yyyy`, `@`). */
  numFmt?: string;
  font?: { bold?: boolean; italic?: boolean; size?: number; color?: string };
  /** A solid fill colour. */
  fill?: string;
  border?: { top?: 'thin' | 'medium'; bottom?: 'thin' | 'medium' };
  /** `indent`: characters of space before left-aligned text (e.g. after a right-aligned number in the column before). */
  alignment?: { horizontal?: 'left' | 'center' | 'right'; vertical?: 'top' | 'center' | 'bottom'; wrapText?: boolean; indent?: number };
}

// Excel's built-in number formats that we use: written by id, as Excel itself does.
const BUILT_IN: Record<string, number> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10, '@': 49 };
const FIRST_CUSTOM_FORMAT = 164;
const DEFAULT_FONT_SIZE = 11;

/**
 * The workbook's style sheet (`xl/styles.xml`): number formats, fonts, fills and borders, each
 * listed once, and one cell format per distinct style. A style object is looked up by identity
 * first, so the same object on 100,000 rows costs one map lookup a cell.
 */
export class StyleTable {
  private readonly byObject = new WeakMap<CellStyle, number>();
  private readonly byKey = new Map<string, number>();
  private readonly xfs: string[] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  private readonly formats = new Map<string, number>();
  private readonly fonts = new Index(fontXml({}));
  private readonly fills = new Index('<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>');
  private readonly borders = new Index(borderXml({}));

  /** The cell-format index of `style` (0 is the default look). */
  id(style: CellStyle | undefined): number {
    if (!style) return 0;
    const known = this.byObject.get(style);
    if (known !== undefined) return known;
    const xf = this.xfOf(style);
    let id = this.byKey.get(xf);
    if (id === undefined) {
      id = this.xfs.push(xf) - 1;
      this.byKey.set(xf, id);
    }
    this.byObject.set(style, id);
    return id;
  }

  /** `xl/styles.xml`. */
  xml(): string {
    const numFmts = [...this.formats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeAttr(code)}"/>`);
    return (
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      this.fonts.xml('fonts') +
      this.fills.xml('fills') +
      this.borders.xml('borders') +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.length}">${this.xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
      '</styleSheet>'
    );
  }

  private formatId(code: string): number {
    const builtIn = BUILT_IN[code];
    if (builtIn !== undefined) return builtIn;
    let id = this.formats.get(code);
    if (id === undefined) {
      id = FIRST_CUSTOM_FORMAT + this.formats.size;
      this.formats.set(code, id);
    }
    return id;
  }

  private xfOf(s: CellStyle): string {
    const p = partsOf(s);
    const numFmtId = p.numFmt !== undefined ? this.formatId(p.numFmt) : 0;
    const fontId = p.font !== undefined ? this.fonts.id(p.font) : 0;
    const fillId = p.fill !== undefined ? this.fills.id(p.fill) : 0;
    const borderId = p.border !== undefined ? this.borders.id(p.border) : 0;
    const applies =
      (numFmtId ? ' applyNumberFormat="1"' : '') + (fontId ? ' applyFont="1"' : '') + (fillId ? ' applyFill="1"' : '') + (borderId ? ' applyBorder="1"' : '') + (p.align ? ' applyAlignment="1"' : '');
    const head = `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"${applies}`;
    return p.align ? `${head}>${p.align}</xf>` : `${head}/>`;
  }
}

/** A style's number format and its font, fill, border and alignment as XML, before the workbook numbers them. */
interface StyleParts {
  numFmt: string | undefined;
  font: string | undefined;
  fill: string | undefined;
  border: string | undefined;
  align: string;
}

// Per style object, for as long as it lives: the builders share their style objects between
// workbooks (report/_styles.ts), so each part's XML is made once a process, not once a workbook.
// A style object is not changed once it has been used (the builders' are frozen).
const PARTS = new WeakMap<CellStyle, StyleParts>();

function partsOf(s: CellStyle): StyleParts {
  let p = PARTS.get(s);
  if (!p) {
    const a = s.alignment;
    p = {
      numFmt: s.numFmt || undefined,
      font: s.font ? fontXml(s.font) : undefined,
      fill: s.fill ? `<fill><patternFill patternType="solid"><fgColor rgb="${s.fill}"/><bgColor indexed="64"/></patternFill></fill>` : undefined,
      border: s.border ? borderXml(s.border) : undefined,
      align: a
        ? `<alignment${a.horizontal ? ` horizontal="${a.horizontal}"` : ''}${a.vertical ? ` vertical="${a.vertical}"` : ''}${a.wrapText ? ' wrapText="1"' : ''}${a.indent ? ` indent="${a.indent}"` : ''}/>`
        : '',
    };
    PARTS.set(s, p);
  }
  return p;
}

/** A list of XML fragments, each kept once, in first-use order. */
class Index {
  private readonly items: string[];
  private readonly ids = new Map<string, number>();

  constructor(...initial: string[]) {
    this.items = [...initial];
    initial.forEach((x, i) => this.ids.set(x, i));
  }

  id(item: string): number {
    let id = this.ids.get(item);
    if (id === undefined) {
      id = this.items.push(item) - 1;
      this.ids.set(item, id);
    }
    return id;
  }

  xml(tag: string): string {
    return `<${tag} count="${this.items.length}">${this.items.join('')}</${tag}>`;
  }
}

function fontXml(f: NonNullable<CellStyle['font']>): string {
  return (
    '<font>' +
    (f.bold ? '<b/>' : '') +
    (f.italic ? '<i/>' : '') +
    `<sz val="${f.size ?? DEFAULT_FONT_SIZE}"/>` +
    `<color rgb="${f.color ?? 'FF000000'}"/>` +
    '<name val="Calibri"/><family val="2"/></font>'
  );
}

function borderXml(b: NonNullable<CellStyle['border']>): string {
  const side = (tag: string, style: string | undefined) => (style ? `<${tag} style="${style}"><color indexed="64"/></${tag}>` : `<${tag}/>`);
  return `<border>${side('left', undefined)}${side('right', undefined)}${side('top', b.top)}${side('bottom', b.bottom)}<diagonal/></border>`;
}
