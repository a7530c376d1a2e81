/**
 * A document's language: `da` or `en` as bundled, or the code of any other language installed
 * in `locales/` (a new language is a new file, so the list is open; editors still offer the two).
 */
export type Language = 'da' | 'en' | (string & {});
