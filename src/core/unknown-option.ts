/**
 * The first own key of `options` that is not one of `known`, with the options there are, for a
 * message naming it: a misspelt `{ lang: 'en' }` or `{ languag: 'en' }` from JavaScript (or beside a
 * valid option, where TypeScript lets it through) is an error, not an option silently ignored.
 * undefined when every key is known.
 */
export function unknownOption(options: object, known: readonly string[]): { name: string; message: string } | undefined {
  const name = Object.keys(options).find((k) => !known.includes(k));
  if (name === undefined) return undefined;
  return { name, message: `is not an option; the options are ${[...known].sort().join(', ')}` };
}
