import { SvcError } from '../core/index.js';

/** Thrown when a document asks a locale for a word it does not have: a bug in a locale file. */
export class MissingTranslationError extends SvcError {
  override readonly name = 'MissingTranslationError';
  constructor(readonly language: string, readonly key: string) {
    super(`locales/${language}.json has no "${key}"`);
  }
}
