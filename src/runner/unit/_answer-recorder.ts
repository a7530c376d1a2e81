import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { CredentialScan, mayHideToken, parsedHolds } from '../../client/index.js';
import { SecretFragments } from '../../core/index.js';
import type { AnswerTap } from './answer-tap.js';
import type { RunSecrets } from './run-secrets.js';
import { KEPT_GZIP_LEVEL, KEPT_HEADERS, KEPT_RAW_LIMIT } from '../manifest/kept-answers.js';

/** One answer as recorded: the body as it came (small) or gzip-compressed (large), never both held whole. */
export interface RecordedAnswer {
  method: string;
  path: string;
  status?: number;
  headers?: Record<string, string>;
  bytes: number;
  sha256: string;
  /** The body when it is at most KEPT_RAW_LIMIT bytes. */
  raw?: Buffer;
  /** The body gzip-compressed when larger. */
  gzip?: Buffer;
  cut?: true;
  failed?: string;
  withheld?: string;
}

/**
 * A body up to this many bytes is held as it came (undici's chunks, not copies) and compressed in
 * one call when it ends; a larger one goes through a gzip stream as it comes, so it is never held
 * whole. Both give the same bytes (deflate's output does not depend on how its input was cut).
 * A stream for each of an organization's two large answers (60 KB) cost more than compressing
 * them: its zlib state, output buffers and thread-pool trips, and the collections their memory
 * outside V8's heap brought on (bench/README.md, issue 42).
 */
const WHOLE_LIMIT = 1 << 20;

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whose token an answer held: the unit's own, or another of the run's (RunSecrets). */
export type TokenWhose = 'unit' | 'run';

/** One exchange being recorded, as its body streams through. */
class Recording {
  status: number | undefined;
  headers: Record<string, string> | undefined;
  private length: string | undefined;
  private bytes = 0;
  private readonly hash: Hash = createHash('sha256');
  // The body's chunks so far (undici's, which stay as they are: its own body stream holds them so),
  // until it ends or passes WHOLE_LIMIT.
  private held: Buffer[] | null = [];
  private raw: Buffer | undefined;
  private readonly gz: Buffer[] = [];
  // Made once the body passes WHOLE_LIMIT: a smaller one is compressed in one call at its end.
  private zip: Gzip | undefined;
  // The one search for a credential in a body that comes in chunks (the client's): a token split
  // across two chunks is still found.
  private readonly scan: CredentialScan | undefined;
  /** The same search for every token of the run (RunSecrets), after the unit's own. */
  private readonly others: CredentialScan | undefined;
  private withheld = false;
  private whose: TokenWhose | undefined;
  private failed: string | undefined;
  private cut = false;
  private closed = false;
  readonly done: Promise<RecordedAnswer>;
  private finish!: () => void;

  constructor(
    private readonly method: string,
    private readonly path: string,
    token: SecretFragments | null,
    private readonly onToken: (where: string, whose: TokenWhose) => void,
    /** The token in characters, for a JSON body that writes it with escapes (`\u0072`, `\/`). */
    private readonly tokenInText: SecretFragments | null = null,
    private readonly run: RunSecrets | undefined = undefined,
  ) {
    this.scan = token ? new CredentialScan(token) : undefined;
    this.others = run ? new CredentialScan(run.inBytes) : undefined;
    const ended = new Promise<void>((resolve) => (this.finish = resolve));
    this.done = ended.then(() => this.result());
  }

  start(status: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = status;
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = headerText(headers[name]);
      if (v !== undefined) kept[name] = this.withoutToken(v);
    }
    const date = headerText(headers.date);
    if (kept['retry-after'] !== undefined && date !== undefined) kept.date = this.withoutToken(date);
    this.headers = kept;
    this.length = headerText(headers['content-length']);
    // A compressed body's bytes say nothing of what it holds (the client refuses one anyway): not
    // kept, so a token inside it never reaches the month folder.
    const encoding = headerText(headers['content-encoding'])?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      this.compressed = encoding;
      this.held = null;
    }
  }

  /**
   * A kept header's value with the unit's token and every other token of the run (a piece of one
   * counting) masked: the index keeps `content-type` as sent, and a service that put a token in it
   * (`…; x=rt_…`, an outside attack review; another organization's, its re-review) had it written
   * into answers/index.json.
   */
  private withoutToken(value: string): string {
    const own = this.tokenInText ? this.tokenInText.mask(value) : value;
    return this.run ? this.run.inText.mask(own) : own;
  }

  /** The Content-Encoding of a compressed answer, which is not kept. */
  private compressed: string | undefined;

  data(data: Buffer | Uint8Array): void {
    if (this.withheld || this.compressed !== undefined) return;
    // A dispatcher in the chain (an interceptor, an embedder's own) may hand a plain Uint8Array,
    // which has no Buffer methods (the scan reads bytes as latin1 text): seen as a Buffer, not copied.
    const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (this.scan && this.scan.write(chunk) === undefined) {
      this.tokenFound('unit');
      return;
    }
    if (this.others && this.others.write(chunk) === undefined) {
      this.tokenFound('run');
      return;
    }
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.zip) {
      this.zip.write(chunk);
      return;
    }
    this.held!.push(chunk);
    if (this.bytes <= WHOLE_LIMIT) return;
    // Past the limit: what came so far, and from now on each chunk, compressed as it comes.
    this.zip = createGzip({ level: KEPT_GZIP_LEVEL });
    this.zip.on('data', (c: Buffer) => this.gz.push(c));
    for (const c of this.held!) this.zip.write(c);
    this.held = null;
  }

  end(): void {
    this.close();
  }

  error(err: Error): void {
    if (this.status === undefined) this.failed = String((err as { code?: unknown }).code ?? err.message);
    else {
      this.cut = true;
      if (this.length !== undefined) this.headers!['content-length'] = this.length;
    }
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.zip) {
      this.zip.end();
      void once(this.zip, 'end').then(() => this.finish(), () => this.finish());
      return;
    }
    if (this.held) {
      // A small body is copied (concat always copies): it is kept, the socket's buffer its chunks are views of is not.
      const body = this.held.length === 1 && this.bytes > KEPT_RAW_LIMIT ? this.held[0]! : Buffer.concat(this.held, this.bytes);
      this.held = null;
      if (this.escapedToken(body)) {
        this.finish();
        return;
      }
      // A small body is kept as it came; a larger one compressed at level 3: on the month-end
      // bench's answers (monthly usage with its days, key usage with 50 keys; 59 KB on average) a
      // quarter of level 9's CPU (0.41 against 1.72 ms an answer; two an organization) for 21 %
      // more bytes in the same disk blocks (bench/README.md, issue 42).
      if (this.bytes <= KEPT_RAW_LIMIT) this.raw = body;
      else this.gz.push(gzipSync(body, { level: KEPT_GZIP_LEVEL }));
    }
    this.finish();
  }

  /**
   * Whether a JSON body (up to WHOLE_LIMIT, held whole) writes the token with escapes or cut by
   * invisible characters, which its bytes do not show (`\u0072t_…`, `rt_nor\u200bdlys_…`): then it
   * is withheld as one holding the token. Only a body with a backslash or a byte that may begin an
   * invisible character is parsed, as the client's pipeline does (parsedHolds).
   */
  private escapedToken(body: Buffer): boolean {
    if ((!this.tokenInText && !this.run) || !mayHideToken(body)) return false;
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return false;
    }
    const whose = this.tokenInText && parsedHolds(value, this.tokenInText) ? 'unit' : this.run && parsedHolds(value, this.run.inText) ? 'run' : undefined;
    if (!whose) return false;
    this.tokenFound(whose);
    return true;
  }

  /** The body held the token (as it came, or written with escapes): nothing of it is kept, and the unit is told where and whose. */
  private tokenFound(whose: TokenWhose): void {
    this.withheld = true;
    this.whose = whose;
    this.held = null;
    this.onToken(`${this.method} ${this.path.split('?')[0]}`, whose);
  }

  private result(): RecordedAnswer {
    const head = { method: this.method, path: this.path, ...(this.status !== undefined ? { status: this.status, headers: this.headers! } : {}) };
    if (this.failed !== undefined) return { ...head, bytes: 0, sha256: '', failed: this.failed };
    if (this.withheld) return { ...head, bytes: 0, sha256: '', withheld: this.whose === 'run' ? 'the answer contained a token of the run: not kept' : 'the answer contained the token: not kept' };
    if (this.compressed !== undefined) return { ...head, bytes: 0, sha256: '', withheld: `the answer was compressed (${this.compressed}), so what it holds was not read: not kept` };
    const body = this.raw === undefined ? { gzip: Buffer.concat(this.gz) } : { raw: this.raw };
    return { ...head, bytes: this.bytes, sha256: this.hash.digest('hex'), ...body, ...(this.cut ? { cut: true as const } : {}) };
  }
}

/**
 * A run's answer tap (AnswerTap): passes every request of a unit's clients on to the network and
 * records the answer as it streams to the client (the body hashed and, past KEPT_RAW_LIMIT bytes,
 * compressed as it comes, so a large answer is never held whole), never a request header. A body
 * that contains the unit's token is not kept.
 */
export class AnswerRecorder implements AnswerTap {
  private readonly recordings: Recording[] = [];
  /** The unit's token, a piece of it counting (SecretFragments, in UTF-8 bytes). */
  private readonly token: SecretFragments | null;
  private readonly tokenInText: SecretFragments | null;
  /** The first answer whose body held the unit's token or another of the run's (`METHOD /path`), if one did. */
  tokenSeenIn: string | undefined;
  /** Whose token that answer held. */
  tokenSeenWhose: TokenWhose | undefined;

  /**
   * `publicValues`: the unit's organization id, public though the token may hold it. `run`: every
   * token of the run, looked for after the unit's own (RunSecrets; a queue worker has none).
   */
  constructor(token: string | undefined, publicValues: readonly string[] = [], private readonly run?: RunSecrets) {
    this.token = token ? SecretFragments.ofUtf8([token], { public: publicValues }) : null;
    this.tokenInText = token ? new SecretFragments([token], { public: publicValues }) : null;
  }

  through(network: Dispatcher): Dispatcher {
    return network.compose((dispatch) => (opts, handler) => {
      const r = new Recording(opts.method, opts.path, this.token, (where, whose) => this.seen(where, whose), this.tokenInText, this.run);
      this.recordings.push(r);
      return dispatch(opts, {
        onRequestStart: (c, context) => handler.onRequestStart?.(c, context),
        onRequestUpgrade: (c, status, headers, socket) => handler.onRequestUpgrade?.(c, status, headers, socket),
        onResponseStart: (c, status, headers, message) => {
          r.start(status, headers);
          return handler.onResponseStart?.(c, status, headers, message);
        },
        onResponseData: (c, chunk) => {
          r.data(chunk);
          return handler.onResponseData?.(c, chunk);
        },
        onResponseEnd: (c, trailers) => {
          r.end();
          return handler.onResponseEnd?.(c, trailers);
        },
        onResponseError: (c, err) => {
          r.error(err);
          return handler.onResponseError?.(c, err);
        },
      });
    });
  }

  /**
   * Whether bytes the unit made (a text document about to be written) hold its token or another of
   * the run's, with the fragments its answers are searched with (TokenInDocumentError).
   */
  holdsToken(bytes: Uint8Array): boolean {
    return this.token?.inBytes(bytes) === true || this.run?.inBytes.inBytes(bytes) === true;
  }

  private seen(where: string, whose: TokenWhose): void {
    if (this.tokenSeenIn !== undefined) return;
    this.tokenSeenIn = where;
    this.tokenSeenWhose = whose;
  }

  /** AnswerTap.received: `answers`. */
  received(): Promise<RecordedAnswer[]> {
    return this.answers();
  }

  /** Every answer in the order the requests were sent, once each has ended (a request still under way is waited for). */
  async answers(): Promise<RecordedAnswer[]> {
    for (;;) {
      const n = this.recordings.length;
      const all = await Promise.all(this.recordings.map((r) => r.done));
      if (this.recordings.length === n) return all;
    }
  }
}
