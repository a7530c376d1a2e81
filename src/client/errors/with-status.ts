/**
 * `text` naming HTTP `status` once: ` (HTTP 503)` is added unless the text already names that
 * status (so "the service failed to answer (HTTP 503)" is never followed by "(HTTP 503)" again).
 */
export function withStatus(text: string, status: number | undefined): string {
  if (status === undefined || new RegExp(`\\bHTTP ${status}\\b`).test(text)) return text;
  return `${text} (HTTP ${status})`;
}

/**
 * `search failed with HTTP 503: the service failed to answer`: the status up front, and taken
 * out of `text` where it already said it, so it is named once.
 */
export function statusFirst(what: string, text: string, status: number): string {
  return `${what} with HTTP ${status}: ${text.replace(new RegExp(`\\s*\\(HTTP ${status}(?::[^)]*)?\\)`), '')}`;
}
