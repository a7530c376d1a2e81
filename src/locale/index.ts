export { getLocale, availableLanguages, LOCALES_DIR, type Locale } from './locale.js';
export { UnknownLanguageError } from './unknown-language-error.js';
export { t, tn, textOf, fillerOf, render } from './translate.js';
export { MissingTranslationError } from './missing-translation-error.js';
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
export type { Language } from './language.js';
export { providerName } from './provider-name.js';
export { renderHtml } from './translate.js';
