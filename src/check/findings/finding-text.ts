import { Decimal } from '../../money/exact/index.js';
import { formatMinor } from '../../money/format/index.js';
import { fillerOf, formatCount, formatPercent, getLocale, t, type Locale } from '../../locale/index.js';
import type { FindingParam, InvoiceCheckFinding } from './finding.js';

function paramText(value: FindingParam, locale: Locale): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatCount(value, locale);
  if ('bps' in value) return formatPercent(new Decimal(value.bps).dividedBy(100), locale, value.bps % 100 === 0 ? 0 : 2);
  return fillerOf(locale.format.money)({ amount: formatMinor(BigInt(value.minor), locale.format.number), currency: value.currency });
}

/** The locale's sentence for the finding: `check.findings.<code>`, or `.<form>` below it; undefined when it has none. */
function sentenceOf(locale: Locale, code: string, form: FindingParam | undefined): string | undefined {
  const section = (locale.check as { findings?: Record<string, unknown> } | undefined)?.findings?.[code];
  if (typeof section === 'string') return section;
  if (section && typeof section === 'object' && typeof form === 'string') {
    const text = (section as Record<string, unknown>)[form];
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/**
 * A finding of checkInvoice as one sentence in `locale`'s language, for the pages a person reads
 * (summary.md, index.html, the PDF's note): the locale's `check.findings.<code>` text filled with
 * the finding's values, amounts and rates in the language's own format. Text from the record is
 * inserted as it stands (the caller escapes it for its markup). A finding without values (a
 * manifest of an earlier version) or of a code the language does not know yet is said with the
 * locale's general sentence naming the field; English keeps the finding's own message then. The
 * code is not included: the caller shows it (`[code]`).
 * @throws UnknownLanguageError for a language code with no locale file
 */
export function findingText(finding: Pick<InvoiceCheckFinding, 'path' | 'message' | 'params'> & { code: string }, language = 'en'): string {
  return findingTextIn(finding, getLocale(language));
}

/** findingText with the locale already loaded (the pages' own). */
export function findingTextIn(finding: Pick<InvoiceCheckFinding, 'path' | 'message' | 'params'> & { code: string }, locale: Locale): string {
  const general = () => (locale.code === 'en' ? finding.message : t(locale, 'check.findingOther', { path: finding.path }));
  const sentence = finding.params ? sentenceOf(locale, finding.code, finding.params.form) : undefined;
  if (sentence === undefined) return general();
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(finding.params!)) values[key] = paramText(value, locale);
  // Every field a sentence names is a value the finding carries (a test goes through every code and form).
  const fields = [...sentence.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
  return fields.every((f) => f in values) ? fillerOf(sentence)(values) : general();
}
