import { fillerOf, textOf, type FilledText, type Locale } from '../locale/index.js';

/** Prepared texts per locale object (locales are loaded once per process). */
const prepared = new WeakMap<Locale, Map<string, FilledText>>();

/**
 * A locale text as a function, looked up once per process, language and key: invoices show the
 * same texts thousands of times in a month-end run. Filling is `t`'s own (`fillerOf`).
 */
export function lineTemplate(locale: Locale, key: string): FilledText {
  let perLocale = prepared.get(locale);
  if (!perLocale) prepared.set(locale, (perLocale = new Map()));
  let fn = perLocale.get(key);
  if (!fn) perLocale.set(key, (fn = fillerOf(textOf(locale, key))));
  return fn;
}
