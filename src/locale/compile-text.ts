const MUSTACHE = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/** A text with its fields filled in from params. */
export type FilledText = (params: Record<string, unknown>) => string;

/**
 * `text` as a function. When it is only literal words and plain `{{name}}` fields, the fields
 * are filled in directly, which gives exactly what Handlebars (noEscape, strict) gives without
 * loading it or paying its per-call setup; any other text, or a value that is not a string or
 * number (or a missing one, which Handlebars reports), goes through `fallback` (Handlebars).
 * Values are inserted as data either way, never compiled.
 */
export function compileText(text: string, fallback: (text: string, params: Record<string, unknown>) => string): FilledText {
  const parts = text.split(MUSTACHE);
  const literals = parts.filter((_, i) => i % 2 === 0);
  if (literals.some((l) => l.includes('{{') || l.includes('}}') || l.includes('\\'))) return (params) => fallback(text, params);
  return (params) => {
    let out = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const value = params[parts[i]!];
      if (typeof value !== 'string' && typeof value !== 'number') return fallback(text, params);
      out += String(value) + parts[i + 1]!;
    }
    return out;
  };
}
