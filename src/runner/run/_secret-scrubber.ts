/** Shortest value treated as a secret: shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

// Polynomial hash of text[from, from + length) modulo 2^32.
function hashOf(text: string, from: number, length: number): number {
  let h = 0;
  for (let i = from; i < from + length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * Replaces every occurrence of a run's token values with `***`. A run of thousands of
 * organizations has thousands of tokens and writes a manifest of megabytes several times, so
 * instead of one search per token the text is scanned once per distinct token length with a
 * rolling hash (Rabin-Karp); a hash hit is confirmed by comparing the characters.
 */
export class SecretScrubber {
  /** Per token length: hash → the tokens of that length with that hash. */
  private readonly byLength = new Map<number, Map<number, string[]>>();

  constructor(secrets: Iterable<string | undefined>) {
    for (const s of new Set(secrets)) {
      if (!s || s.length < MIN_SECRET_LENGTH) continue;
      const table = this.byLength.get(s.length) ?? new Map<number, string[]>();
      const h = hashOf(s, 0, s.length);
      table.set(h, [...(table.get(h) ?? []), s]);
      this.byLength.set(s.length, table);
    }
  }

  /**
   * `value` with every string in it scrubbed (objects and arrays copied, the rest as is): done
   * on the records before they are escaped for Markdown or JSON, since an escaped token (a `_`
   * written `\_`) no longer matches.
   */
  scrubDeep<T>(value: T): T {
    if (this.byLength.size === 0) return value;
    if (typeof value === 'string') return this.scrub(value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => this.scrubDeep(v)) as T;
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.scrubDeep(v)])) as T;
    return value;
  }

  scrub(text: string): string {
    // Longest tokens first, so a token containing a shorter one is replaced whole.
    let out = text;
    for (const length of [...this.byLength.keys()].sort((a, b) => b - a)) out = this.scrubLength(out, length, this.byLength.get(length)!);
    return out;
  }

  private scrubLength(text: string, length: number, table: Map<number, string[]>): string {
    if (text.length < length) return text;
    // 31^(length-1) mod 2^32, to take the leaving character out of the rolling hash.
    let top = 1;
    for (let i = 1; i < length; i++) top = Math.imul(top, 31);
    const parts: string[] = [];
    let copied = 0;
    let h = hashOf(text, 0, length);
    let i = 0;
    while (true) {
      const hit = table.get(h)?.find((s) => text.startsWith(s, i));
      if (hit !== undefined) {
        parts.push(text.slice(copied, i), '***');
        copied = i + length;
      }
      const next = hit !== undefined ? i + length : i + 1;
      if (next + length > text.length) break;
      if (hit !== undefined) h = hashOf(text, next, length);
      else h = (Math.imul(h - Math.imul(text.charCodeAt(i), top), 31) + text.charCodeAt(i + length)) | 0;
      i = next;
    }
    if (copied === 0) return text;
    parts.push(text.slice(copied));
    return parts.join('');
  }
}
