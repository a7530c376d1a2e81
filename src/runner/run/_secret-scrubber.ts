/** Shortest value treated as a secret: shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

// Polynomial hash of text[from, from + length) modulo 2^32.
function hashOf(text: string, from: number, length: number): number {
  let h = 0;
  for (let i = from; i < from + length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** Bits of the hash a token length's filter keeps (a 64 Kbit table: 8 KB a length). */
const FILTER_BITS = 16;
const FILTER_MASK = (1 << FILTER_BITS) - 1;

/** The tokens of one length: their hashes (a filter of their low bits, then the exact table). */
interface LengthTable {
  length: number;
  /** 31^(length-1) mod 2^32, to take the leaving character out of the rolling hash. */
  top: number;
  /** One bit per value of a hash's low FILTER_BITS bits: set where some token's hash has them. */
  filter: Uint32Array;
  /** hash → the tokens of this length with that hash. */
  byHash: Map<number, string[]>;
}

/**
 * Where the first token of `table` starts in `text` at or after `from`, or -1. A position is
 * looked up in the exact table only when its hash passes the bit filter, so the scan of a
 * manifest of megabytes is a multiply, a shift and an array read per character. Kept apart from
 * the replacing (`scrubLength`) so the optimized scan never meets a branch it has no feedback
 * for: a hit used to deoptimize the whole scan once per checkpoint.
 */
function nextHit(text: string, from: number, table: LengthTable): number {
  const { length, top, filter, byHash } = table;
  if (from + length > text.length) return -1;
  let h = hashOf(text, from, length);
  for (let i = from; ; i++) {
    if ((filter[(h & FILTER_MASK) >>> 5]! & (1 << (h & 31))) !== 0) {
      const tokens = byHash.get(h);
      if (tokens !== undefined) for (let t = 0; t < tokens.length; t++) if (text.startsWith(tokens[t]!, i)) return i;
    }
    if (i + length >= text.length) return -1;
    h = (Math.imul(h - Math.imul(text.charCodeAt(i), top), 31) + text.charCodeAt(i + length)) | 0;
  }
}

/** `text` with every token of `table` replaced by `***`, left to right. */
function scrubLength(text: string, table: LengthTable): string {
  let at = nextHit(text, 0, table);
  if (at < 0) return text;
  const parts: string[] = [];
  let copied = 0;
  while (at >= 0) {
    parts.push(text.slice(copied, at), '***');
    copied = at + table.length;
    at = nextHit(text, copied, table);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * Replaces every occurrence of a run's token values with `***`. A run of thousands of
 * organizations has thousands of tokens and writes a manifest of megabytes several times, so
 * instead of one search per token the text is scanned once per distinct token length with a
 * rolling hash (Rabin-Karp); a hash hit is confirmed by comparing the characters.
 */
export class SecretScrubber {
  /** One table per token length, longest first: a token containing a shorter one is replaced whole. */
  private readonly tables: LengthTable[] = [];
  /**
   * No token holds a line break, so none is found across one: a text scrubbed a few whole lines at
   * a time is scrubbed as the whole (every bearer token; a header value cannot hold one).
   */
  readonly lineByLine: boolean = true;

  constructor(secrets: Iterable<string | undefined>) {
    const byLength = new Map<number, LengthTable>();
    for (const s of new Set(secrets)) {
      if (!s || s.length < MIN_SECRET_LENGTH) continue;
      if (s.includes('\n')) this.lineByLine = false;
      let table = byLength.get(s.length);
      if (!table) {
        let top = 1;
        for (let i = 1; i < s.length; i++) top = Math.imul(top, 31);
        table = { length: s.length, top, filter: new Uint32Array((FILTER_MASK + 1) >>> 5), byHash: new Map() };
        byLength.set(s.length, table);
      }
      const h = hashOf(s, 0, s.length);
      table.byHash.set(h, [...(table.byHash.get(h) ?? []), s]);
      table.filter[(h & FILTER_MASK) >>> 5]! |= 1 << (h & 31);
    }
    this.tables = [...byLength.values()].sort((a, b) => b.length - a.length);
  }

  /**
   * `value` with every string in it scrubbed (objects and arrays copied, the rest as is): done
   * on the records before they are escaped for Markdown or JSON, since an escaped token (a `_`
   * written `\_`) no longer matches.
   */
  scrubDeep<T>(value: T): T {
    if (this.tables.length === 0) return value;
    if (typeof value === 'string') return this.scrub(value) as T;
    // Loops, not callbacks made per call: V8 drops a closure's optimized code at each full
    // collection and compiles it again (bench/README.md, issue 42).
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      for (let i = 0; i < value.length; i++) if (i in value) out[i] = this.scrubDeep(value[i]);
      return out as T;
    }
    if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const entry of entries) entry[1] = this.scrubDeep(entry[1]);
      return Object.fromEntries(entries) as T;
    }
    return value;
  }

  scrub(text: string): string {
    let out = text;
    for (const table of this.tables) out = scrubLength(out, table);
    return out;
  }
}
