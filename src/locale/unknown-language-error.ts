import { SvcError } from '../core/index.js';

/** Thrown when a language is asked for that has no `locales/<code>.json`. */
export class UnknownLanguageError extends SvcError {
  override readonly name = 'UnknownLanguageError';
  constructor(readonly language: string, readonly available: string[]) {
    super(`unknown language "${language}"; available: ${available.join(', ')}`);
  }
}
