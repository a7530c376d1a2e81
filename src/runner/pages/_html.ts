import { LONE_SURROGATE_CLASS, visibleText } from '../../core/index.js';

const LONE_SURROGATE = new RegExp(`[${LONE_SURROGATE_CLASS}]`, 'u');
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text from the API or the config as HTML/SVG character data or a quoted attribute value:
 * the one rule for invisible characters (core/invisible-text.ts; records have it already, the
 * config's names get it here), then markup characters escaped. Used where the page's SVG is
 * built in code; the page's template escapes everything else itself.
 */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A manifest path (relative to the month folder, `/`-separated) as a relative link to that
 * file, each part percent-encoded so no name can turn it into a scheme (`javascript:`), a
 * query or a fragment; null for anything that is not a plain path inside the folder.
 */
export function runHref(path: string): string | null {
  if (path === '' || path.includes('\\') || path.includes('\u0000')) return null;
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  // encodeURIComponent throws on a lone surrogate: such a path is not linked, rather than ending the run.
  if (parts.some((p) => LONE_SURROGATE.test(p))) return null;
  return parts.map(encodeURIComponent).join('/');
}
