import { compileText, MissingTranslationError, render, type Locale } from '../locale/index.js';

function source(locale: Locale, key: string): string {
  let node: unknown = locale;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') throw new MissingTranslationError(locale.code, key);
  return node;
}

/**
 * A locale text as a function, prepared once per process and language: invoices show the
 * same texts thousands of times in a month-end run (see `compileText`).
 */
export function lineTemplate(locale: Locale, key: string): (params: Record<string, unknown>) => string {
  let perLocale = prepared.get(locale);
  if (!perLocale) prepared.set(locale, (perLocale = new Map()));
  let fn = perLocale.get(key);
  if (!fn) perLocale.set(key, (fn = prepare(locale, key)));
  return fn;
}

/** Prepared texts per locale object (locales are loaded once per process). */
const prepared = new WeakMap<Locale, Map<string, (params: Record<string, unknown>) => string>>();

function prepare(locale: Locale, key: string): (params: Record<string, unknown>) => string {
  return compileText(source(locale, key), render);
}
