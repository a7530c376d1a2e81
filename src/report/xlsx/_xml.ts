const NEEDS_TEXT_ESCAPE = /[&<>]/;

/** Text as XML element content. */
export function escapeText(s: string): string {
  // Most text has none of the three: one scan says so, with no replacement set up.
  if (!NEEDS_TEXT_ESCAPE.test(s)) return s;
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Text as a double-quoted XML attribute value; line breaks and tabs kept as character references. */
export function escapeAttr(s: string): string {
  return s.replace(/[&<>"\n\r\t]/g, (c) => ATTR[c]!);
}

const ATTR: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
