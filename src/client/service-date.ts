/**
 * When the service says it answered: the answer's `Date` header (RFC 9110 §6.6.1, an IMF-fixdate
 * such as `Fri, 20 Nov 2026 09:30:00 GMT`, which every origin server with a clock must send);
 * undefined when it is missing or unreadable.
 */
export function serviceDateOf(header: string | string[] | undefined): Date | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/\d{4}/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
