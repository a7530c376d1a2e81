/**
 * The one rule for what counts as a secret (a token, an API key) in text from outside: not only
 * the secret exactly as sent, but any run of FRAGMENT_LENGTH of its characters in a row (the
 * whole secret when it is shorter), in any case. A service that echoes the key without its `sk-`,
 * upper-cased or cut, still echoes the key (an outside review: each of those was printed).
 * Every place that masks a secret (error messages, logs, manifests) or refuses an answer holding
 * one (the credential scan) asks this class.
 */

/**
 * 12 characters: far more than any ordinary text shares with a secret by chance (twelve of the
 * 62 letters and digits are 71 bits), and more than a masked key shows (`sk-…f00d`: a prefix,
 * then four characters), so a masked key is never masked again. Shorter runs would start to
 * catch ordinary text: `sk-test-` (8) is in every example key. A secret made of words
 * (`rt_nordlys_…`) can still share 12 characters with text about them; that text is masked too.
 */
export const FRAGMENT_LENGTH = 12;

/** Characters read at each anchor: a run of at least `least` holds a whole gram at a multiple of `stride`. */
const GRAM = 4;

/** Code units with ASCII A-Z folded to a-z (only ASCII: what a bearer token is made of). */
const FOLD = new Uint16Array(0x10000);
for (let c = 0; c < FOLD.length; c++) FOLD[c] = c >= 65 && c <= 90 ? c + 32 : c;

function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(FOLD[text.charCodeAt(i)]!);
  return out;
}

/**
 * Finds the secrets' fragments without reading every position: a run of at least `least`
 * characters of a secret holds a whole GRAM-character piece starting at a multiple of
 * `stride = least - GRAM + 1`, so only those positions are read (a 4-character hash and one bit
 * of a filter, about one position in nine); where the filter says a secret holds that piece, the
 * match is grown both ways character by character and kept when it is long enough. Linear in the
 * text, whatever the number of secrets.
 */
export class SecretFragments {
  /** The secrets, folded. */
  private readonly secrets: string[] = [];
  private readonly gram: number;
  private readonly stride: number;
  private readonly shift: number;
  private readonly filter: Uint32Array;
  /**
   * Per length of run that counts (FRAGMENT_LENGTH, or a shorter secret's whole length): each run
   * of that length of a secret, by its hash → [secret, offset, secret, offset, …]. An anchor that
   * passes the filter is checked by the hashes of the few runs around it, not by growing a match
   * against every secret that holds its piece: secrets alike in shape (`rt_org-00001_…`,
   * `rt_org-00002_…`) share their pieces, and text naming them (`org-00001`) met an anchor at
   * every mention, each compared with a thousand secrets.
   */
  private readonly windows: Array<{ length: number; top: number; byHash: Map<number, number[]> }> = [];
  /** The longest run that counts: text cut into pieces that overlap by `reach - 1` is searched as the whole. */
  readonly reach: number;
  readonly empty: boolean;

  /** `secrets` (empty ones skipped) as characters; SecretFragments.ofUtf8 for searching bytes. */
  constructor(secrets: Iterable<string | undefined>) {
    const least: number[] = [];
    for (const s of new Set(secrets)) {
      if (!s) continue;
      this.secrets.push(fold(s));
      least.push(Math.min(FRAGMENT_LENGTH, s.length));
    }
    this.empty = this.secrets.length === 0;
    this.reach = Math.max(0, ...least);
    this.gram = Math.min(GRAM, ...least);
    this.stride = Math.max(1, Math.min(...least) - this.gram + 1);
    const grams = new Set<number>();
    const byLength = new Map<number, Map<number, number[]>>();
    for (let s = 0; s < this.secrets.length; s++) {
      const secret = this.secrets[s]!;
      for (let off = 0; off + this.gram <= secret.length; off++) grams.add(hashAt(secret, off, this.gram));
      const length = least[s]!;
      let byHash = byLength.get(length);
      if (!byHash) byLength.set(length, (byHash = new Map()));
      for (let off = 0; off + length <= secret.length; off++) {
        const h = hashAt(secret, off, length);
        const at = byHash.get(h);
        if (at) at.push(s, off);
        else byHash.set(h, [s, off]);
      }
    }
    for (const [length, byHash] of byLength) {
      let top = 1;
      for (let k = 1; k < length; k++) top = Math.imul(top, 31);
      this.windows.push({ length, top, byHash });
    }
    // A filter about 32 bits per gram, at least 64 Kbit (8 KB), so few positions go past it.
    const bits = Math.min(22, Math.max(16, Math.ceil(Math.log2(grams.size * 32 + 1))));
    this.shift = 32 - bits;
    this.filter = new Uint32Array(1 << (bits - 5));
    for (const h of grams) {
      const f = Math.imul(h, 0x9e3779b1) >>> this.shift;
      this.filter[f >>> 5]! |= 1 << (f & 31);
    }
  }

  /** For searching a body's bytes read as latin1 (one character a byte): the secrets' UTF-8 bytes so. */
  static ofUtf8(secrets: Iterable<string | undefined>): SecretFragments {
    return new SecretFragments([...secrets].map((s) => (s ? Buffer.from(s, 'utf8').toString('latin1') : s)));
  }

  /** Whether `text` holds a fragment of a secret. */
  has(text: string): boolean {
    return !this.empty && this.spans(text, true).length > 0;
  }

  /**
   * Whether `bytes` hold a fragment of a secret (for an instance made by ofUtf8), read where they
   * lie: the anchors, and around one that passes the filter the runs' hashes, as `spans` reads text.
   */
  inBytes(bytes: Uint8Array): boolean {
    if (this.empty) return false;
    const { gram, stride, filter, shift } = this;
    for (let i = 0; i + gram <= bytes.length; i += stride) {
      let h = 0;
      for (let k = i; k < i + gram; k++) h = (Math.imul(h, 31) + FOLD[bytes[k]!]!) | 0;
      const f = Math.imul(h, 0x9e3779b1) >>> shift;
      if ((filter[f >>> 5]! & (1 << (f & 31))) === 0) continue;
      // The runs that hold the piece at i whole, checked by their hashes where they lie (no string made).
      for (const w of this.windows) {
        const first = Math.max(0, i + gram - w.length);
        const last = Math.min(i, bytes.length - w.length);
        if (first > last) continue;
        let wh = 0;
        for (let k = first; k < first + w.length; k++) wh = (Math.imul(wh, 31) + FOLD[bytes[k]!]!) | 0;
        for (let j = first; ; j++) {
          const at = w.byHash.get(wh);
          if (at !== undefined && this.equalBytes(bytes, j, w.length, at)) return true;
          if (j === last) break;
          wh = (Math.imul(wh - Math.imul(FOLD[bytes[j]!]!, w.top), 31) + FOLD[bytes[j + w.length]!]!) | 0;
        }
      }
    }
    return false;
  }

  /** Whether the `length` bytes at `j`, folded, are one of the secrets' runs `at` (an instance made by ofUtf8: a secret's characters are its bytes). */
  private equalBytes(bytes: Uint8Array, j: number, length: number, at: number[]): boolean {
    for (let e = 0; e < at.length; e += 2) {
      const secret = this.secrets[at[e]!]!;
      const off = at[e + 1]!;
      let same = 0;
      while (same < length && FOLD[bytes[j + same]!] === secret.charCodeAt(off + same)) same++;
      if (same === length) return true;
    }
    return false;
  }

  /** `text` with each fragment (overlapping ones as one; two side by side stay two) replaced by `replacement`. */
  mask(text: string, replacement = '***'): string {
    if (this.empty) return text;
    const spans = this.spans(text);
    if (spans.length === 0) return text;
    const parts: string[] = [];
    let copied = 0;
    for (let k = 0; k < spans.length; k += 2) {
      parts.push(text.slice(copied, spans[k]), replacement);
      copied = spans[k + 1]!;
    }
    parts.push(text.slice(copied));
    return parts.join('');
  }

  /** [start, end, start, end, …]: where `text` holds fragments, merged and in order (only the first with `firstOnly`). */
  spans(text: string, firstOnly = false): number[] {
    const { gram, stride, filter, shift } = this;
    const found: number[] = [];
    for (let i = 0; i + gram <= text.length; i += stride) {
      const h = hashAt(text, i, gram);
      const f = Math.imul(h, 0x9e3779b1) >>> shift;
      if ((filter[f >>> 5]! & (1 << (f & 31))) === 0) continue;
      for (const w of this.windows) {
        // The runs of this length that hold the piece at i whole: starting from i + gram - length to i.
        const first = Math.max(0, i + gram - w.length);
        const last = Math.min(i, text.length - w.length);
        if (first > last) continue;
        let wh = hashAt(text, first, w.length);
        for (let j = first; ; j++) {
          const at = w.byHash.get(wh);
          if (at !== undefined && this.grow(text, j, w.length, at, found) && firstOnly) return found;
          if (j === last) break;
          wh = (Math.imul(wh - Math.imul(FOLD[text.charCodeAt(j)]!, w.top), 31) + FOLD[text.charCodeAt(j + w.length)]!) | 0;
        }
      }
    }
    return merged(found);
  }

  /**
   * For a run of `length` at `j` whose hash some secrets' runs have (`at`): each that it equals
   * (folded), grown both ways as far as the text and that secret go on alike, is a span. True
   * when one was found.
   */
  private grow(text: string, j: number, length: number, at: number[], found: number[]): boolean {
    let hit = false;
    for (let e = 0; e < at.length; e += 2) {
      const secret = this.secrets[at[e]!]!;
      const off = at[e + 1]!;
      let same = 0;
      while (same < length && FOLD[text.charCodeAt(j + same)] === secret.charCodeAt(off + same)) same++;
      if (same < length) continue;
      let left = 0;
      while (left < off && left < j && FOLD[text.charCodeAt(j - left - 1)] === secret.charCodeAt(off - left - 1)) left++;
      let right = length;
      while (off + right < secret.length && j + right < text.length && FOLD[text.charCodeAt(j + right)] === secret.charCodeAt(off + right)) right++;
      found.push(j - left, j + right);
      hit = true;
    }
    return hit;
  }
}

/** The hash of `length` folded characters of `text` from `from`. */
function hashAt(text: string, from: number, length: number): number {
  let h = 0;
  for (let k = from; k < from + length; k++) h = (Math.imul(h, 31) + FOLD[text.charCodeAt(k)]!) | 0;
  return h;
}

/** Spans sorted by start, overlapping ones joined (the matches of one run overlap: it is found whole at each anchor). */
function merged(spans: number[]): number[] {
  if (spans.length <= 2) return spans;
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k < spans.length; k += 2) pairs.push([spans[k]!, spans[k + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [start, end] of pairs) {
    if (out.length && start < out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, end);
    else out.push(start, end);
  }
  return out;
}
