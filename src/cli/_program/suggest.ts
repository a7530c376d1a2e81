/**
 * Edit distance with adjacent swaps counted as one edit (optimal string alignment), so
 * "stauts" is one edit from "status" and "usge" one from "usage".
 */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The names a mistyped `word` most likely meant, best first: those a few edits away (at most a
 * third of the word, at least one), and those it is the start of ("inv" → "invoices"), as gh does.
 */
export function suggestionsFor(word: string, names: readonly string[]): string[] {
  const w = word.toLowerCase();
  if (w === '') return [];
  const limit = Math.max(1, Math.floor(w.length / 3));
  return names
    .map((name) => ({ name, d: distance(w, name.toLowerCase()) }))
    .filter(({ name, d }) => d <= limit || (w.length >= 2 && name.toLowerCase().startsWith(w)))
    .sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1))
    .map(({ name }) => name);
}

/** `Did you mean "svc usage"?` or `Did you mean one of: …?`, or '' when nothing is close. */
export function didYouMean(word: string, names: readonly string[], show: (name: string) => string): string {
  const hits = suggestionsFor(word, names).slice(0, 3);
  if (hits.length === 0) return '';
  if (hits.length === 1) return `Did you mean ${show(hits[0]!)}?\n`;
  return `Did you mean one of these? ${hits.map(show).join(', ')}\n`;
}
