import { escapeText, NS_MAIN, XML_HEAD } from './_xml.js';

/** A note (Excel's legacy comment) on one cell. */
export interface Note {
  row: number;
  column: number;
  ref: string;
  text: string;
}

/** `xl/commentsN.xml`: the notes' text. */
export function commentsXml(notes: Note[]): string {
  const list = notes.map((n) => `<comment ref="${n.ref}" authorId="0"><text><r><t xml:space="preserve">${escapeText(n.text)}</t></r></text></comment>`);
  return `${XML_HEAD}<comments xmlns="${NS_MAIN}"><authors><author>svc</author></authors><commentList>${list.join('')}</commentList></comments>`;
}

/**
 * `xl/drawings/vmlDrawingN.vml`: the boxes Excel shows the notes in (hidden until hovered).
 * Shape ids must be unique across the workbook: drawing N owns the block N * 1024.
 */
export function notesVml(notes: Note[], drawing: number): string {
  const shapes = notes.map((n, i) => {
    // Anchor: column, offset, row, offset of the top-left then bottom-right corner of the box.
    const anchor = `${n.column}, 15, ${Math.max(0, n.row - 2)}, 10, ${n.column + 2}, 15, ${n.row + 3}, 4`;
    return (
      `<v:shape id="_x0000_s${drawing * 1024 + i + 1}" type="#_x0000_t202" style="position:absolute;margin-left:0;margin-top:0;width:144pt;height:79pt;z-index:${i + 1};visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">` +
      '<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/>' +
      '<v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>' +
      `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${anchor}</x:Anchor><x:AutoFill>False</x:AutoFill>` +
      `<x:Row>${n.row - 1}</x:Row><x:Column>${n.column - 1}</x:Column></x:ClientData></v:shape>`
    );
  });
  return (
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">' +
    `<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="${drawing}"/></o:shapelayout>` +
    '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>' +
    `${shapes.join('')}</xml>`
  );
}
