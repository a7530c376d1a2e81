import { createRequire } from 'node:module';
import type HandlebarsApi from 'handlebars';
import type { Locale } from './locale.js';
import { compileText, type FilledText } from './compile-text.js';
import { MissingTranslationError } from './missing-translation-error.js';
import { precompiled } from './_precompiled.js';

const compiled = new Map<string, HandlebarsApi.TemplateDelegate>();
const compiledHtml = new Map<string, HandlebarsApi.TemplateDelegate>();
const texts = new Map<string, FilledText>();
let handlebars: typeof HandlebarsApi | undefined;

/**
 * Handlebars with its compiler, loaded the first time a text that the build did not precompile
 * needs it (about 10 MB a process that never does is spared).
 */
function engine(): typeof HandlebarsApi {
  return (handlebars ??= createRequire(import.meta.url)('handlebars') as typeof HandlebarsApi);
}

// Each locale's texts by dotted key, as looked up: a workbook or page asks for the same few hundred
// keys thousands of times in a month end, and splitting and walking the key each time showed.
const found = new WeakMap<Locale, Map<string, string>>();

/** The text of `key` (dotted path, e.g. `invoice.title`) in `locale`, unfilled. */
export function textOf(locale: Locale, key: string): string {
  let known = found.get(locale);
  if (!known) found.set(locale, (known = new Map()));
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const text = lookUp(locale, key);
  known.set(key, text);
  return text;
}

function lookUp(locale: Locale, key: string): string {
  let node: unknown = locale;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') throw new MissingTranslationError(locale.code, key);
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new MissingTranslationError(locale.code, key);
  return node;
}

/** `text` as a function that fills its fields (see `compileText`), compiled once per process. */
export function fillerOf(text: string): FilledText {
  let fill = texts.get(text);
  if (!fill) texts.set(text, (fill = compileText(text, render)));
  return fill;
}

/**
 * The text of `key` (dotted path, e.g. `invoice.title`) in `locale`, with `params` filled in
 * as Handlebars would (see `compileText`). Params are data: inserted as text, never compiled.
 */
export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const text = textOf(locale, key);
  return text.includes('{{') ? fillerOf(text)(params ?? {}) : text;
}

/** Renders a Handlebars text (a locale string or a template file) with `params`; compiled once (or at build). */
export function render(template: string, params: Record<string, unknown>): string {
  let fn = compiled.get(template);
  if (!fn) {
    // noEscape: the output goes into PDFs and workbooks, not HTML; strict: a missing param is a bug.
    fn = precompiled(template, false) ?? engine().compile(template, { noEscape: true, strict: true });
    compiled.set(template, fn);
  }
  return fn(params);
}

/**
 * A text that depends on a number: `<key>.one` for exactly 1, else `<key>.other` (the two forms
 * Danish and English need), filled with `count` and `params`.
 */
export function tn(locale: Locale, key: string, count: number, params?: Record<string, unknown>): string {
  return t(locale, `${key}.${count === 1 ? 'one' : 'other'}`, { ...params, count });
}

/**
 * Renders a Handlebars HTML template with `params`, every `{{value}}` HTML-escaped (only
 * `{{{raw}}}` is not: markup the caller built and escaped itself); compiled once (or at build).
 */
export function renderHtml(template: string, params: Record<string, unknown>): string {
  let fn = compiledHtml.get(template);
  if (!fn) {
    fn = precompiled(template, true) ?? engine().compile(template, { strict: true });
    compiledHtml.set(template, fn);
  }
  return fn(params);
}
