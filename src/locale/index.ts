export { getLocale, availableLanguages, UnknownLanguageError, LOCALES_DIR, type Locale } from './locale.js';
export { t, render, MissingTranslationError } from './translate.js';
export { compileText, type FilledText } from './compile-text.js';
export {
  formatMoney,
  formatDecimalMoney,
  formatNumber,
  formatCount,
  formatPercent,
  formatDate,
  formatMonth,
} from './format.js';
