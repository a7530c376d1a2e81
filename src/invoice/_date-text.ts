import type { Locale } from '../locale/index.js';
import { lineTemplate } from './_line-template.js';

/**
 * formatDate's text (`15.11.2026` / `15 Nov 2026`) from the language's own `format.date`,
 * prepared once per language: an invoice shows five dates, and Handlebars' per-call setup
 * was a tenth of a typical invoice's allocations. Pure string work on `YYYY-MM-DD…`.
 */
export function dateText(locale: Locale): (iso: string) => string {
  const template = lineTemplate(locale, 'format.date');
  return (iso) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
    if (!m) throw new RangeError(`not a date: ${iso}`);
    const month = Number(m[2]);
    return template({
      year: m[1]!,
      month2: m[2]!,
      day2: m[3]!,
      day: String(Number(m[3])),
      month: String(month),
      monthShort: locale.format.monthsShort[month - 1],
      monthLong: locale.format.monthsLong[month - 1],
    });
  };
}
