// Reads our PDFs with Debian's poppler-utils (pdftotext), a reader not written here and the one
// many inbox scanners use. `.ci/run` installs poppler-utils.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A region of page one, in points from its top left corner (pdftotext's -x -y -W -H at 72 dpi). */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** pdftotext's text of `pdf`: reading order by default, `layout` keeps the columns; with `crop`, page one's region only. */
export function pdftotext(pdf: Uint8Array, mode: 'reading' | 'layout' = 'reading', crop?: Crop): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pdftotext-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const region = crop ? ['-f', '1', '-l', '1', '-r', '72', '-x', `${crop.x}`, '-y', `${crop.y}`, '-W', `${crop.width}`, '-H', `${crop.height}`] : [];
    return execFileSync('pdftotext', [...(mode === 'layout' ? ['-layout'] : []), ...region, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text with every run of white space (line breaks, no-break spaces) as one space. */
export const flat = (text: string): string => text.replace(/\s+/g, ' ');
