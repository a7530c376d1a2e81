import { availableLanguages, getLocale } from './locale.js';
import { textOf } from './translate.js';

let providerWord: RegExp | undefined;

/**
 * A `usage_provider` line's provider name: its description without a leading "heraf" / "of
 * which" (any installed language's word, any case, with or without a colon). The PDF's line
 * template adds the word itself, and the e-invoice's item property is the provider's name alone.
 */
export function providerName(description: string): string {
  if (!providerWord) {
    const words = availableLanguages()
      .map((code) => /^(.*?)\{\{\s*description\s*\}\}/.exec(textOf(getLocale(code), 'invoice.table.provider'))?.[1]?.trim())
      .filter((w): w is string => !!w)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    providerWord = new RegExp(`^(?:${words.join('|') || '(?!)'})(?:\\s*:)?\\s+`, 'iu');
  }
  return description.trim().replace(providerWord, '');
}
