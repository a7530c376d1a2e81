import { escapeAttr, escapeText, XML_HEAD } from './_xml.js';

const NS_C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';

/** Cells of one column as a chart reads them: the range and the values it holds now (the cache). */
export interface ChartRange<V> {
  /** `'Sheet'!$C$2:$C$5` (see `absoluteRange`). */
  ref: string;
  values: V[];
}

/** One series of a bar or column chart. */
export interface ChartSeries {
  /** The series' name as the legend shows it: a header cell, with its text. */
  name: ChartRange<string>;
  values: ChartRange<number | null>;
  /** Fill colour, RGB hex (`4472C4`). */
  color: string;
  /** Points drawn differently (e.g. an estimated month): index into `values`, fill and dashed outline colours. */
  marked?: Array<{ index: number; fill: string; line: string }>;
}

/** A native chart: columns (or bars) over categories, stacked or side by side, placed over a block of cells. */
export interface ChartSpec {
  title: string;
  /** `col`: vertical columns; `bar`: horizontal bars (long category names). */
  direction: 'col' | 'bar';
  stacked: boolean;
  /** Category labels: dates (with `dateFormat`) or texts. */
  categories: ChartRange<number> & { dateFormat: string } | ChartRange<string>;
  series: ChartSeries[];
  /** Number format of the value axis (`#,##0`). */
  valueFormat: string;
  /** Top-left and bottom-right cells covered, 0-based column and row (the bottom-right is exclusive). */
  anchor: { col: number; row: number; toCol: number; toRow: number };
  /** BCP 47 tag of the title's text. */
  lang: string;
}

/** `'Sheet name'!$C$2:$C$5` (or `'Sheet name'!$C$1` for one cell): an absolute range on a sheet, the form chart formulas take. */
export function absoluteRange(sheet: string, firstCol: string, firstRow: number, lastCol: string, lastRow: number): string {
  const one = firstCol === lastCol && firstRow === lastRow;
  return `'${sheet.replace(/'/g, "''")}'!$${firstCol}$${firstRow}${one ? '' : `:$${lastCol}$${lastRow}`}`;
}

const pt = (i: number, v: string) => `<c:pt idx="${i}"><c:v>${escapeText(v)}</c:v></c:pt>`;

function numCache(values: Array<number | null>, format: string): string {
  const pts = values.map((v, i) => (v === null || !Number.isFinite(v) ? '' : pt(i, String(v)))).join('');
  return `<c:numCache><c:formatCode>${escapeText(format)}</c:formatCode><c:ptCount val="${values.length}"/>${pts}</c:numCache>`;
}

function strRef(range: ChartRange<string>): string {
  const pts = range.values.map((v, i) => pt(i, v)).join('');
  return `<c:strRef><c:f>${escapeText(range.ref)}</c:f><c:strCache><c:ptCount val="${range.values.length}"/>${pts}</c:strCache></c:strRef>`;
}

const solid = (rgb: string) => `<a:solidFill><a:srgbClr val="${rgb}"/></a:solidFill>`;

function seriesXml(s: ChartSeries, i: number, spec: ChartSpec, valueFormat: string): string {
  const c = spec.categories;
  const cat = 'dateFormat' in c
    ? `<c:cat><c:numRef><c:f>${escapeText(c.ref)}</c:f>${numCache(c.values, c.dateFormat)}</c:numRef></c:cat>`
    : `<c:cat>${strRef(c)}</c:cat>`;
  const points = (s.marked ?? [])
    .map((m) => `<c:dPt><c:idx val="${m.index}"/><c:invertIfNegative val="0"/><c:bubble3D val="0"/><c:spPr>${solid(m.fill)}<a:ln w="19050">${solid(m.line)}<a:prstDash val="dash"/></a:ln></c:spPr></c:dPt>`)
    .join('');
  return (
    `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx>${strRef(s.name)}</c:tx><c:spPr>${solid(s.color)}</c:spPr><c:invertIfNegative val="0"/>${points}` +
    `${cat}<c:val><c:numRef><c:f>${escapeText(s.values.ref)}</c:f>${numCache(s.values.values, valueFormat)}</c:numRef></c:val></c:ser>`
  );
}

const textProps = (size: number, bold = false) => `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}"${bold ? ' b="1"' : ''}/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;

/** `xl/charts/chartN.xml`: a bar or column chart whose series point at the sheet's cells. */
export function chartXml(spec: ChartSpec): string {
  const catAxis = 'dateFormat' in spec.categories
    ? `<c:numFmt formatCode="${escapeAttr(spec.categories.dateFormat)}" sourceLinked="0"/>`
    : '';
  const series = spec.series.map((s, i) => seriesXml(s, i, spec, spec.valueFormat)).join('');
  const horizontal = spec.direction === 'bar';
  return (
    `${XML_HEAD}<c:chartSpace xmlns:c="${NS_C}" xmlns:a="${NS_A}" xmlns:r="${NS_R}"><c:roundedCorners val="0"/><c:chart>` +
    `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1200" b="1"/></a:pPr><a:r><a:rPr lang="${escapeAttr(spec.lang)}" sz="1200" b="1"/><a:t>${escapeText(spec.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>` +
    '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>' +
    `<c:barChart><c:barDir val="${spec.direction}"/><c:grouping val="${spec.stacked ? 'stacked' : 'clustered'}"/><c:varyColors val="0"/>${series}` +
    `<c:gapWidth val="60"/>${spec.stacked ? '<c:overlap val="100"/>' : ''}<c:axId val="500001"/><c:axId val="500002"/></c:barChart>` +
    // A bar chart lists its first category at the top: the category axis runs max to min there.
    `<c:catAx><c:axId val="500001"/><c:scaling><c:orientation val="${horizontal ? 'maxMin' : 'minMax'}"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? 'l' : 'b'}"/>${catAxis}` +
    `<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="low"/>${textProps(900)}<c:crossAx val="500002"/><c:crosses val="autoZero"/><c:auto val="0"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>` +
    `<c:valAx><c:axId val="500002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? 'b' : 'l'}"/><c:majorGridlines/>` +
    `<c:numFmt formatCode="${escapeAttr(spec.valueFormat)}" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>${textProps(900)}` +
    '<c:crossAx val="500001"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx></c:plotArea>' +
    `<c:legend><c:legendPos val="b"/><c:overlay val="0"/>${textProps(900)}</c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`
  );
}

/** `xl/drawings/drawingN.xml`: each chart of a sheet in a frame anchored to its cells (chart k is `rId<k>`). */
export function drawingXml(charts: ChartSpec[]): string {
  const frames = charts.map((c, i) => {
    const { col, row, toCol, toRow } = c.anchor;
    return (
      `<xdr:twoCellAnchor editAs="oneCell"><xdr:from><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
      `<xdr:to><xdr:col>${toCol}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${toRow}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>` +
      `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${i + 2}" name="${escapeAttr(`Chart ${i + 1}`)}" descr="${escapeAttr(c.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
      '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
      `<a:graphic><a:graphicData uri="${NS_C}"><c:chart xmlns:c="${NS_C}" r:id="rId${i + 1}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`
    );
  });
  return `${XML_HEAD}<xdr:wsDr xmlns:xdr="${NS_XDR}" xmlns:a="${NS_A}" xmlns:r="${NS_R}">${frames.join('')}</xdr:wsDr>`;
}
