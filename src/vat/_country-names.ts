import { createRequire } from 'node:module';

/**
 * Country names of the world in the languages a Danish seller's buyers write, from the
 * i18n-iso-countries data (CLDR-based names and aliases per ISO 3166-1 alpha-2 code): Danish,
 * English, the EU's official languages and the Nordic ones. Read on first use only: the EU
 * member states, which decide VAT, are matched from our own table before this is needed.
 */
const LANGUAGES = [
  'da', 'en', 'bg', 'cs', 'de', 'el', 'es', 'et', 'fi', 'fr', 'ga', 'hr', 'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv',
  'nb', 'nn', 'is',
];

interface LangFile {
  countries: Record<string, string | string[]>;
}

/** Every ISO 3166-1 code: [alpha-2, alpha-3, numeric, …]. */
export function isoCodes(): ReadonlyArray<readonly [string, string, string]> {
  const require = createRequire(import.meta.url);
  return require('i18n-iso-countries/codes.json') as Array<[string, string, string]>;
}

/** Every name in every language, each with its alpha-2 code. */
export function worldNames(): Array<[name: string, code: string]> {
  const require = createRequire(import.meta.url);
  const out: Array<[string, string]> = [];
  for (const lang of LANGUAGES) {
    const file = require(`i18n-iso-countries/langs/${lang}.json`) as LangFile;
    for (const [code, names] of Object.entries(file.countries)) {
      for (const name of Array.isArray(names) ? names : [names]) out.push([name, code]);
    }
  }
  return out;
}
