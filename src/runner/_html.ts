const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text from the API or the config as HTML/SVG character data or a quoted attribute value:
 * markup characters escaped, control characters (which XML forbids) made spaces. Used where the
 * page's SVG is built in code; the page's template escapes everything else itself.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for: they are replaced before text goes into the page
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

export function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  // eslint-disable-next-line no-control-regex -- control characters from the API are replaced by a space on the page
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu, ' ').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
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
  if (parts.some((p) => /\p{Cs}/u.test(p))) return null;
  return parts.map(encodeURIComponent).join('/');
}
