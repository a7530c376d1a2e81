import { SecretFragments } from '../../core/index.js';

/** Shortest value treated as a secret: shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every occurrence of a run's token values with `***`, a piece of one too, in any case
 * (SecretFragments, the rule every mask of a secret follows). A run of thousands of
 * organizations has thousands of tokens and writes a manifest of megabytes several times, so the
 * text is scanned once for all of them, not once per token.
 */
export class SecretScrubber {
  private readonly fragments: SecretFragments;
  /**
   * No token holds a line break, so none is found across one: a text scrubbed a few whole lines at
   * a time is scrubbed as the whole (every bearer token; a header value cannot hold one).
   */
  readonly lineByLine: boolean = true;

  /** `publicValues`: the organizations' ids, public though a token may hold one (SecretFragments' `public`). */
  constructor(secrets: Iterable<string | undefined>, publicValues: Iterable<string | undefined> = []) {
    const kept: string[] = [];
    for (const s of secrets) {
      if (!s || s.length < MIN_SECRET_LENGTH) continue;
      if (s.includes('\n')) this.lineByLine = false;
      kept.push(s);
    }
    this.fragments = new SecretFragments(kept, { public: publicValues });
  }

  /**
   * `value` with every string in it scrubbed (objects and arrays copied, the rest as is): done
   * on the records before they are escaped for Markdown or JSON, since an escaped token (a `_`
   * written `\_`) no longer matches.
   */
  scrubDeep<T>(value: T): T {
    if (this.fragments.empty) return value;
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
    return this.fragments.mask(text);
  }
}
