import type { PdfPage } from './_pdf.js';

/** Text boxes (baseline-relative, a bit generous below the baseline) that collide on one page. */
export function overlaps(page: PdfPage): string[] {
  const boxes = page.items
    .filter((i) => !i.rotated && i.str.trim())
    .map((i) => ({ s: i.str, x0: i.x, x1: i.x + i.width, y0: i.y - i.height * 0.22, y1: i.y + i.height * 0.75 }));
  const found: string[] = [];
  for (let a = 0; a < boxes.length; a++) {
    for (let b = a + 1; b < boxes.length; b++) {
      const p = boxes[a]!;
      const q = boxes[b]!;
      if (p.x0 < q.x1 - 0.5 && q.x0 < p.x1 - 0.5 && p.y0 < q.y1 - 0.5 && q.y0 < p.y1 - 0.5) found.push(`"${p.s}" / "${q.s}"`);
    }
  }
  return found;
}

export function outside(page: PdfPage): string[] {
  return page.items
    .filter((i) => !i.rotated && i.str.trim())
    .filter((i) => i.x < 36 || i.x + i.width > page.width - 36 || i.y < 20 || i.y + i.height > page.height - 36)
    .map((i) => i.str);
}
