export { getLocale, availableLanguages, UnknownLanguageError, LOCALES_DIR, type Locale } from './locale.js';
export { t, tn, textOf, fillerOf, render, MissingTranslationError } from './translate.js';
export type { FilledText } from './compile-text.js';
export {
  formatMoney,
  formatDecimalMoney,
  formatNumber,
  formatCount,
  formatPercent,
  formatDate,
  formatMonth,
} from './format.js';
