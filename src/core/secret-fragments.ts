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
/** What else a search knows: text that is public though a secret may hold it. */
export interface SecretFragmentsOptions {
  /**
   * Public values a secret may hold (an organization's id in its token, `rt_org-fjordline_…`): a
   * run of a secret that is also a run of one of these is not a piece of the secret, so text
   * naming the organization is neither masked nor refused.
   */
  public?: Iterable<string | undefined>;
}

/**
 * Finds the secrets' fragments without reading every position: a run of at least `least`
 * characters of a secret holds a whole GRAM-character piece starting at a multiple of
 * `stride = least - GRAM + 1`, so only those positions are read (a 4-character hash and one bit
 * of a filter, about one position in nine); where the filter says a secret holds that piece, the
 * runs of `least` characters around it are checked by their hashes against the secrets' distinct
 * runs. Every run of a piece is met from some anchor, so the spans are those runs, merged.
 * Linear in the text: a run of the text is compared with the distinct runs of its hash, however
 * many secrets share it (a thousand `sk-ant-api03-…` keys share a prefix; `'x'.repeat(128)` has
 * one distinct run).
 */
export class SecretFragments {
  private readonly gram: number;
  private readonly stride: number;
  private readonly shift: number;
  private readonly filter: Uint32Array;
  /**
   * Per length of run that counts (FRAGMENT_LENGTH, or a shorter secret's whole length): the
   * secrets' distinct runs of that length, folded, by hash, without those a public value holds.
   */
  private readonly windows: Array<{ length: number; top: number; byHash: Map<number, string[]> }> = [];
  /** The longest run that counts: text cut into pieces that overlap by `reach - 1` is searched as the whole. */
  readonly reach: number;
  readonly empty: boolean;

  /** `secrets` (empty ones skipped) as characters; SecretFragments.ofUtf8 for searching bytes. */
  constructor(secrets: Iterable<string | undefined>, options: SecretFragmentsOptions = {}) {
    const publicTexts = [...(options.public ?? [])].filter((p): p is string => !!p).map(fold);
    const byLength = new Map<number, Set<string>>();
    for (const raw of new Set(secrets)) {
      if (!raw) continue;
      const secret = fold(raw);
      const length = Math.min(FRAGMENT_LENGTH, secret.length);
      let runs = byLength.get(length);
      if (!runs) byLength.set(length, (runs = new Set()));
      for (let off = 0; off + length <= secret.length; off++) {
        const run = secret.slice(off, off + length);
        if (!publicTexts.some((p) => p.includes(run))) runs.add(run);
      }
    }
    const lengths = [...byLength].filter(([, runs]) => runs.size > 0).map(([length]) => length);
    this.empty = lengths.length === 0;
    this.reach = Math.max(0, ...lengths);
    this.gram = Math.min(GRAM, ...lengths);
    this.stride = Math.max(1, Math.min(...lengths) - this.gram + 1);
    const grams = new Set<number>();
    for (const [length, runs] of byLength) {
      if (runs.size === 0) continue;
      let top = 1;
      for (let k = 1; k < length; k++) top = Math.imul(top, 31);
      const byHash = new Map<number, string[]>();
      for (const run of runs) {
        const h = hashAt(run, 0, length);
        const at = byHash.get(h);
        if (at) at.push(run);
        else byHash.set(h, [run]);
        for (let off = 0; off + this.gram <= length; off++) grams.add(hashAt(run, off, this.gram));
      }
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

  /** For searching a body's bytes read as latin1 (one character a byte): the secrets' (and public values') UTF-8 bytes so. */
  static ofUtf8(secrets: Iterable<string | undefined>, options: SecretFragmentsOptions = {}): SecretFragments {
    const latin1 = (s: string | undefined) => (s ? Buffer.from(s, 'utf8').toString('latin1') : s);
    return new SecretFragments([...secrets].map(latin1), { public: [...(options.public ?? [])].map(latin1) });
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
      for (const w of this.windows) {
        const first = Math.max(0, i + gram - w.length);
        const last = Math.min(i, bytes.length - w.length);
        if (first > last) continue;
        let wh = 0;
        for (let k = first; k < first + w.length; k++) wh = (Math.imul(wh, 31) + FOLD[bytes[k]!]!) | 0;
        for (let j = first; ; j++) {
          const runs = w.byHash.get(wh);
          if (runs !== undefined && runs.some((run) => sameBytes(bytes, j, run))) return true;
          if (j === last) break;
          wh = (Math.imul(wh - Math.imul(FOLD[bytes[j]!]!, w.top), 31) + FOLD[bytes[j + w.length]!]!) | 0;
        }
      }
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
    if (this.empty) return [];
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
          const runs = w.byHash.get(wh);
          if (runs !== undefined && runs.some((run) => sameText(text, j, run))) {
            found.push(j, j + w.length);
            if (firstOnly) return found;
          }
          if (j === last) break;
          wh = (Math.imul(wh - Math.imul(FOLD[text.charCodeAt(j)]!, w.top), 31) + FOLD[text.charCodeAt(j + w.length)]!) | 0;
        }
      }
    }
    return merged(found);
  }
}

/** Whether `text` from `at`, folded, is `run` (already folded). */
function sameText(text: string, at: number, run: string): boolean {
  for (let k = 0; k < run.length; k++) if (FOLD[text.charCodeAt(at + k)] !== run.charCodeAt(k)) return false;
  return true;
}

/** Whether `bytes` from `at`, folded, are `run` (a latin1 string of bytes, already folded). */
function sameBytes(bytes: Uint8Array, at: number, run: string): boolean {
  for (let k = 0; k < run.length; k++) if (FOLD[bytes[at + k]!] !== run.charCodeAt(k)) return false;
  return true;
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
