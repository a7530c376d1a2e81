import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TtfFont } from './ttf-font.js';

/** The two faces a document uses. */
export interface FontPair {
  regular: TtfFont;
  bold: TtfFont;
}

let cached: FontPair | undefined;

/**
 * DejaVu Sans and Sans Bold (Latin-1, Latin Extended-A/B, Greek, Cyrillic), parsed once per
 * process: every later document only looks glyphs up.
 */
export function defaultFonts(): FontPair {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  cached = {
    regular: TtfFont.fromFile(join(dir, 'DejaVuSans.ttf'), 'DejaVuSans'),
    bold: TtfFont.fromFile(join(dir, 'DejaVuSans-Bold.ttf'), 'DejaVuSans-Bold'),
  };
  return cached;
}
