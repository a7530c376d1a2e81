import { mayHoldInvisible, visibleText, type SecretFragments } from '../core/index.js';

const NONE = Buffer.alloc(0);

/**
 * Looks for the client's credential (`fragments`, made by SecretFragments.ofUtf8: any run of
 * FRAGMENT_LENGTH of its bytes, in any case) in a body that arrives in chunks, also where it is
 * split across two of them. The last `reach - 1` bytes seen are held back until the next chunk
 * (or the end) shows they do not begin a fragment, so no fragment is ever passed on. Each chunk
 * is searched where it lies; only the few bytes around a boundary are copied.
 */
export class CredentialScan {
  private held: Buffer = NONE;
  private readonly keep: number;

  constructor(private readonly fragments: SecretFragments) {
    this.keep = Math.max(0, fragments.reach - 1);
  }

  /** The bytes that may be passed on now, or undefined when the credential has come. */
  write(chunk: Buffer): Buffer[] | undefined {
    if (this.fragments.inBytes(chunk)) return undefined;
    // One starting in the held bytes ends within the chunk's first `keep` bytes.
    if (this.held.length && this.fragments.inBytes(Buffer.concat([this.held, chunk.subarray(0, this.keep)]))) return undefined;
    if (chunk.length >= this.keep) {
      const out = [this.held, chunk.subarray(0, chunk.length - this.keep)];
      this.held = chunk.subarray(chunk.length - this.keep);
      return out;
    }
    const all = Buffer.concat([this.held, chunk]);
    this.held = all.subarray(Math.max(0, all.length - this.keep));
    return [all.subarray(0, all.length - this.held.length)];
  }

  /** The bytes held back, at the body's end (they cannot begin a credential that never came). */
  end(): Buffer {
    const rest = this.held;
    this.held = NONE;
    return rest;
  }
}

/**
 * Whether a JSON body's parsed strings may say the token its bytes do not: a JSON escape
 * (`\u0072t_…`, `\/`), or an invisible character between its pieces. Only such a body is walked
 * with parsedHolds, so a plain answer costs nothing more.
 */
export function mayHideToken(body: Uint8Array): boolean {
  return body.includes(0x5c) || mayHoldInvisible(body);
}

/**
 * Whether `text` holds the token as it is or as every surface shows it: the records' strings go
 * through visibleText, which removes invisible characters, so a token cut by zero-width spaces or
 * soft hyphens (`rt_nor\u200bdlys_…`, no piece of it 12 characters) is whole in the documents (an
 * outside attack review found it in the file names, the PDF, the XML and the workbook).
 */
function holds(text: string, fragments: SecretFragments): boolean {
  if (fragments.has(text)) return true;
  const shown = visibleText(text);
  return shown !== text && fragments.has(shown);
}

/**
 * Whether a parsed JSON value holds the token (`fragments`, of characters: a piece of it counts)
 * in a string or a member name. JSON may write any character as an escape (`\u0072`, `\/`, `\"`),
 * so a body whose bytes do not hold the token can still say it once parsed, and so can one whose
 * strings cut it with invisible characters (holds); the pipeline walks a value only when its text
 * had a backslash or may hold an invisible character (mayHideToken).
 * Iterative, so no nesting depth overflows the stack.
 */
export function parsedHolds(value: unknown, fragments: SecretFragments): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (holds(v, fragments)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (typeof v === 'object' && v !== null) {
      for (const k in v) {
        if (holds(k, fragments)) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}
