import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NumberFormat } from '../money/format/index.js';
import { UnknownLanguageError } from './unknown-language-error.js';

/**
 * One language's words and formats, read from `locales/<code>.json`. A new language is a new
 * file; nothing in the code lists the languages.
 */
export interface Locale {
  /** BCP 47 code, e.g. `da`; also the PDF language tag. */
  code: string;
  /** The language's own name, e.g. `Dansk`. */
  name: string;
  format: {
    number: NumberFormat;
    /** Handlebars over `{ day, day2, month, month2, monthShort, monthLong, year }`. */
    date: string;
    /** Handlebars over `{ amount, currency }`. */
    money: string;
    /** Handlebars over `{ value }`. */
    percent: string;
    monthsShort: string[];
    monthsLong: string[];
  };
  /** Everything else: nested sections of strings (`invoice.title`, `report.sheets.summary`, ...). */
  [section: string]: unknown;
}

/** Folder of the locale files: `<package>/locales`, both from `src/` (tests) and `dist/` (built). */
export const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

let cache: Map<string, Locale> | undefined;

function loadAll(): Map<string, Locale> {
  if (cache) return cache;
  const found = new Map<string, Locale>();
  for (const file of readdirSync(LOCALES_DIR).sort()) {
    if (!file.endsWith('.json')) continue;
    const locale = JSON.parse(readFileSync(LOCALES_DIR + file, 'utf8')) as Locale;
    found.set(file.slice(0, -'.json'.length), locale);
  }
  cache = found;
  return found;
}

/** Codes of every installed language, sorted. */
export function availableLanguages(): string[] {
  return [...loadAll().keys()];
}

/** The locale for `code`; read once per process. @throws UnknownLanguageError */
export function getLocale(code: string): Locale {
  const locale = loadAll().get(code);
  if (!locale) throw new UnknownLanguageError(code, availableLanguages());
  return locale;
}
