import type { Dataset } from '../dataset/dataset.js';
import { SearchRequestSchema } from '../../model/index.js';
import { formatPath } from '../../model/parse/index.js';
import { HttpError } from '../http-error.js';
import { parseDay } from '../_days.js';

const RANGE_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const;
// The spec gives no maximum; a metasearch page is 20 or so, more than `svc search` shows by default (10).
const MAX_RESULTS = 20;

const list = (s: string | undefined) => (s ? s.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean) : []);

/**
 * Answers a search from the dataset's small local index (a body sent as anything but
 * `application/json` is 415, a query of only blanks 400): every query word must appear in the
 * title, snippet or url (case-insensitive); filters narrow by language, categories, engines and
 * time range (relative to the server's today; undated results drop out of a time range).
 */
export function search(ds: Dataset, bodyText: string, contentType: string | undefined) {
  // The gateway spec (§4) asks for `Content-Type: application/json`; a strict server holds a
  // client to it (RFC 9110 §15.5.16: 415 for a body in a format the endpoint does not take).
  if (contentType?.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', `the body must be sent with Content-Type: application/json (got ${contentType === undefined ? 'none' : JSON.stringify(contentType.slice(0, 80))})`);
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    throw new HttpError(400, 'invalid_request', 'the body must be JSON: {"query": "..."}');
  }
  const parsed = SearchRequestSchema.safeParse(body);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new HttpError(400, 'invalid_request', `field ${formatPath(i.path)}: ${i.message}`);
  }
  const req = parsed.data;
  const words = req.query.toLowerCase().split(/\s+/).filter(Boolean);
  // Blanks are no search text (gateway spec §2: `query` is required search text).
  if (!words.length) throw new HttpError(400, 'invalid_request', 'field query: must hold search text, not only blanks');
  const cats = list(req.categories), engines = list(req.engines);
  const since = req.time_range ? ds.today - RANGE_DAYS[req.time_range] : undefined;
  const hits = ds.searchIndex
    .map((r, i) => ({ r, i, title: words.filter((w) => r.title.toLowerCase().includes(w)).length }))
    .filter(({ r }) => {
      const text = `${r.title} ${r.snippet} ${r.url}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
      if (req.language && r.language.toLowerCase() !== req.language.toLowerCase()) return false;
      if (cats.length && !r.categories.some((c) => cats.includes(c.toLowerCase()))) return false;
      if (engines.length && !r.engines.some((e) => engines.includes(e.toLowerCase()))) return false;
      if (since !== undefined) {
        const d = parseDay(r.date.slice(0, 10));
        if (d === undefined || d < since || d > ds.today) return false;
      }
      return true;
    })
    .sort((a, b) => b.title - a.title || a.i - b.i)
    .slice(0, MAX_RESULTS);
  return { results: hits.map(({ r }) => ({ title: r.title, url: r.url, snippet: r.snippet, date: r.date })) };
}
