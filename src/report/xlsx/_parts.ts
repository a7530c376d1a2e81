import { columnLetter } from './cell.js';
import type { FinishedSheet } from './sheet-writer.js';
import { escapeAttr, escapeText, NS_MAIN, NS_PKG_REL, NS_REL, XML_HEAD } from './_xml.js';

const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Document properties: who made it and when (`stamp`, a date from the data, never the clock). */
export interface BookInfo {
  creator: string;
  stamp: Date;
}

const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;

export function rootRels(): string {
  return (
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
    rel('rId1', `${OFFICE}/officeDocument`, 'xl/workbook.xml') +
    rel('rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml') +
    rel('rId3', `${OFFICE}/extended-properties`, 'docProps/app.xml') +
    '</Relationships>'
  );
}

/** Relationship ids of a sheet's own parts: fixed, so the sheet's XML can name them before they are written. */
export const SHEET_REL = { comments: 'rId1', drawing: 'rId2', table: 'rId3', charts: 'rId4' } as const;

/** The relationships of one sheet: its notes, their drawing, its table and the drawing of its charts. */
export function sheetRels(sheet: FinishedSheet, tableId: number | undefined): string {
  let rels = '';
  if (sheet.notes.length) {
    rels += rel(SHEET_REL.comments, `${OFFICE}/comments`, `../comments${sheet.index}.xml`);
    rels += rel(SHEET_REL.drawing, `${OFFICE}/vmlDrawing`, `../drawings/vmlDrawing${sheet.index}.vml`);
  }
  if (tableId !== undefined) rels += rel(SHEET_REL.table, `${OFFICE}/table`, `../tables/table${tableId}.xml`);
  if (sheet.charts.length) rels += rel(SHEET_REL.charts, `${OFFICE}/drawing`, `../drawings/drawing${sheet.index}.xml`);
  return `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels}</Relationships>`;
}

/** The relationships of a sheet's chart drawing: chart k of the drawing is `rId<k>`, workbook chart `first + k - 1`. */
export function drawingRels(count: number, first: number): string {
  let rels = '';
  for (let k = 0; k < count; k++) rels += rel(`rId${k + 1}`, `${OFFICE}/chart`, `../charts/chart${first + k}.xml`);
  return `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels}</Relationships>`;
}

const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

export function workbookXml(sheets: FinishedSheet[]): string {
  const list = sheets.map((s) => `<sheet name="${escapeAttr(s.name)}" sheetId="${s.index}" r:id="rId${s.index}"/>`).join('');
  const titles = sheets
    .filter((s) => s.headerRow || s.repeatColumns)
    .map((s) => {
      // Columns first, then rows: the order Excel writes and expects.
      const parts = [];
      if (s.repeatColumns) parts.push(`${quoteSheet(s.name)}!$A:$${columnLetter(s.repeatColumns)}`);
      if (s.headerRow) parts.push(`${quoteSheet(s.name)}!$${s.headerRow}:$${s.headerRow}`);
      return `<definedName name="_xlnm.Print_Titles" localSheetId="${s.index - 1}">${escapeText(parts.join(','))}</definedName>`;
    })
    .join('');
  return (
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<workbookPr/><bookViews><workbookView activeTab="0"/></bookViews>' +
    `<sheets>${list}</sheets>` +
    (titles ? `<definedNames>${titles}</definedNames>` : '') +
    '<calcPr calcId="191029"/></workbook>'
  );
}

/** Sheets are rId1..rIdN (as `workbookXml` names them), then the styles. */
export function workbookRels(sheets: FinishedSheet[]): string {
  const list = sheets.map((s) => rel(`rId${s.index}`, `${OFFICE}/worksheet`, `worksheets/sheet${s.index}.xml`)).join('');
  return `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${list}${rel(`rId${sheets.length + 1}`, `${OFFICE}/styles`, 'styles.xml')}</Relationships>`;
}

export function contentTypes(sheets: FinishedSheet[], tables: number, charts: number): string {
  const over = (part: string, type: string) => `<Override PartName="${part}" ContentType="${type}"/>`;
  let xml =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>' +
    over('/xl/workbook.xml', `${SHEET_TYPE}.sheet.main+xml`) +
    over('/xl/styles.xml', `${SHEET_TYPE}.styles+xml`);
  for (const s of sheets) {
    xml += over(`/xl/worksheets/sheet${s.index}.xml`, `${SHEET_TYPE}.worksheet+xml`);
    if (s.notes.length) xml += over(`/xl/comments${s.index}.xml`, `${SHEET_TYPE}.comments+xml`);
    if (s.charts.length) xml += over(`/xl/drawings/drawing${s.index}.xml`, 'application/vnd.openxmlformats-officedocument.drawing+xml');
  }
  for (let c = 1; c <= charts; c++) xml += over(`/xl/charts/chart${c}.xml`, 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml');
  for (let t = 1; t <= tables; t++) xml += over(`/xl/tables/table${t}.xml`, `${SHEET_TYPE}.table+xml`);
  xml += over('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml');
  xml += over('/docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml');
  return `${xml}</Types>`;
}

export function coreXml(info: BookInfo): string {
  const when = info.stamp.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const creator = escapeText(info.creator);
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>${creator}</dc:creator><cp:lastModifiedBy>${creator}</cp:lastModifiedBy>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`
  );
}

export function appXml(sheets: FinishedSheet[]): string {
  const names = sheets.map((s) => `<vt:lpstr>${escapeText(s.name)}</vt:lpstr>`).join('');
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
    '<Application>svc</Application>' +
    `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${sheets.length}</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
    `<TitlesOfParts><vt:vector size="${sheets.length}" baseType="lpstr">${names}</vt:vector></TitlesOfParts></Properties>`
  );
}
