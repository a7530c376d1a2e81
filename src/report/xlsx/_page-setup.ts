/** A printed page's orientation. */
export type Orientation = 'portrait' | 'landscape';

// Points a character of column width takes in print. Excel (Calibri 11) gives about 5.25; LibreOffice
// (Carlito, or DejaVu Sans where Carlito is missing) about 7, measured in its PDFs of these sheets.
// The larger keeps a sheet's estimate on the safe side in both.
const PT_PER_CHAR = 7;
// A4 (595 x 842 pt) less the page margins below: 0.6 in at the sides, 0.75 in top and bottom.
const PRINTABLE_PT: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 842 - 86, height: 595 - 108 },
  portrait: { width: 595 - 86, height: 842 - 108 },
};
/** A sheet narrow enough to print upright at this scale or more (8.25 pt of 11) is printed portrait. */
const PORTRAIT_MIN_SCALE = 0.75;

/** How a sheet of these column widths is printed: its orientation and the scale that fits it to the page width. */
export interface PageLayout {
  orientation: Orientation;
  /** At most 1: a sheet narrower than the page prints at full size. */
  scale: number;
  /** Points of rows a page holds at that scale (for keeping blocks of rows on one page). */
  rowsHeight: number;
}

/**
 * The one rule every sheet prints by: always one page wide (Excel's fit to width, pages only
 * added downwards), upright when the sheet fits upright at a readable size, landscape where it
 * is wide. `orientation` forces one.
 */
export function pageLayout(widths: number[], orientation?: Orientation): PageLayout {
  const need = Math.max(1, widths.reduce((a, w) => a + w, 0) * PT_PER_CHAR);
  const fits = (o: Orientation) => Math.min(1, PRINTABLE_PT[o].width / need);
  const chosen = orientation ?? (fits('portrait') >= PORTRAIT_MIN_SCALE ? 'portrait' : 'landscape');
  const scale = fits(chosen);
  // Less a little for the header and footer lines.
  return { orientation: chosen, scale, rowsHeight: (PRINTABLE_PT[chosen].height - 7) / scale };
}

/** The page margins (inches) the sizes above assume. */
export const PAGE_MARGINS_XML = '<pageMargins left="0.6" right="0.6" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>';
