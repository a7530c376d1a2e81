import type { TableRow } from './_rows.js';

/**
 * Splits rows over pages: a line and its provider sub-lines stay together when they fit on
 * a page; the closing block never stands alone on a page while rows could join it, so the
 * last group (or its tail) moves over with it. `capacity(i)` is the table height available on
 * page i; pages after the first are assumed alike.
 */
export function paginate(rows: TableRow[], capacity: (page: number) => number, closingHeight: number): TableRow[][] {
  const groups: TableRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.group === row.group) last.push(row);
    else groups.push([row]);
  }
  const pages: TableRow[][] = [[]];
  let left = capacity(0);
  const newPage = (): void => {
    pages.push([]);
    left = capacity(pages.length - 1);
  };
  for (const group of groups) {
    const h = group.reduce((s, r) => s + r.height, 0);
    if (h > left && h <= capacity(pages.length) && pages[pages.length - 1]!.length) newPage();
    for (const row of group) {
      if (row.height > left && pages[pages.length - 1]!.length) newPage();
      pages[pages.length - 1]!.push(row);
      left -= row.height;
    }
  }
  if (closingHeight <= left) return pages;
  // The closing block does not fit below the last row: carry the last group (or its tail) over,
  // so the totals share their page with at least one row. Rows are never taller than a later
  // page's room beside the closing block (see tableRows' maxHeight), so at least one moves.
  const last = pages[pages.length - 1]!;
  const moved: TableRow[] = [];
  let room = capacity(pages.length) - closingHeight;
  while (last.length && room >= last[last.length - 1]!.height) {
    const row = last[last.length - 1]!;
    if (moved.length && row.group !== moved[0]!.group) break;
    room -= row.height;
    moved.unshift(last.pop()!);
  }
  // A later page left empty goes; the first page keeps its header, with the table continued overleaf.
  if (last.length === 0 && pages.length > 1) pages.pop();
  pages.push(moved);
  return pages;
}
