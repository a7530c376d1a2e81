import Handlebars from 'handlebars';
import type { Locale } from './locale.js';

const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** Thrown when a document asks a locale for a word it does not have: a bug in a locale file. */
export class MissingTranslationError extends Error {
  override readonly name = 'MissingTranslationError';
  constructor(readonly language: string, readonly key: string) {
    super(`locales/${language}.json has no "${key}"`);
  }
}

function lookup(locale: Locale, key: string): unknown {
  let node: unknown = locale;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The text of `key` (dotted path, e.g. `invoice.title`) in `locale`, with `params` filled in
 * through Handlebars. Params are data: they are inserted as text, never compiled as templates.
 */
export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const text = lookup(locale, key);
  if (typeof text !== 'string') throw new MissingTranslationError(locale.code, key);
  if (!text.includes('{{')) return text;
  return render(text, params ?? {});
}

/** Renders a Handlebars text (a locale string or a template file) with `params`; compiled once. */
export function render(template: string, params: Record<string, unknown>): string {
  let fn = compiled.get(template);
  if (!fn) {
    // noEscape: the output goes into PDFs and workbooks, not HTML; strict: a missing param is a bug.
    fn = Handlebars.compile(template, { noEscape: true, strict: true });
    compiled.set(template, fn);
  }
  return fn(params);
}
