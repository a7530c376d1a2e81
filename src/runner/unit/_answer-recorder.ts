import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';
import type { Dispatcher } from 'undici';
import type { AnswerTap } from './answer-tap.js';
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

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One exchange being recorded, as its body streams through. */
class Recording {
  status: number | undefined;
  headers: Record<string, string> | undefined;
  private length: string | undefined;
  private bytes = 0;
  private readonly hash: Hash = createHash('sha256');
  private raw: Buffer[] | null = [];
  private readonly gz: Buffer[] = [];
  // Made once the body passes KEPT_RAW_LIMIT: a small body is kept as it came, never compressed.
  private zip: Gzip | undefined;
  // The end of the previous chunk, so a token split across two chunks is still found.
  private tail: Buffer = Buffer.alloc(0);
  private withheld = false;
  private failed: string | undefined;
  private cut = false;
  private closed = false;
  readonly done: Promise<RecordedAnswer>;
  private finish!: () => void;

  constructor(
    private readonly method: string,
    private readonly path: string,
    private readonly token: Buffer | null,
    private readonly onToken: (where: string) => void,
  ) {
    const ended = new Promise<void>((resolve) => (this.finish = resolve));
    this.done = ended.then(() => this.result());
  }

  start(status: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = status;
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = headerText(headers[name]);
      if (v !== undefined) kept[name] = v;
    }
    const date = headerText(headers.date);
    if (kept['retry-after'] !== undefined && date !== undefined) kept.date = date;
    this.headers = kept;
    this.length = headerText(headers['content-length']);
  }

  data(chunk: Buffer): void {
    if (this.withheld) return;
    if (this.token) {
      const seen = Buffer.concat([this.tail, chunk]);
      if (seen.includes(this.token)) {
        this.withheld = true;
        this.raw = null;
        this.onToken(`${this.method} ${this.path.split('?')[0]}`);
        return;
      }
      this.tail = seen.subarray(Math.max(0, seen.length - this.token.length + 1));
    }
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.raw) {
      this.raw.push(Buffer.from(chunk));
      if (this.bytes <= KEPT_RAW_LIMIT) return;
      // Past the limit: what came so far, and from now on each chunk, compressed as it comes, at
      // level 3: on the month-end bench's answers (monthly usage with its days, key usage with 50
      // keys; 59 KB on average) a quarter of level 9's CPU (0.41 against 1.72 ms an answer; two an
      // organization) for 21 % more bytes in the same disk blocks (bench/README.md, issue 42).
      this.zip = createGzip({ level: KEPT_GZIP_LEVEL });
      this.zip.on('data', (c: Buffer) => this.gz.push(c));
      for (const c of this.raw) this.zip.write(c);
      this.raw = null;
      return;
    }
    this.zip?.write(chunk);
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
    if (!this.zip) return this.finish();
    this.zip.end();
    void once(this.zip, 'end').then(() => this.finish(), () => this.finish());
  }

  private result(): RecordedAnswer {
    const head = { method: this.method, path: this.path, ...(this.status !== undefined ? { status: this.status, headers: this.headers! } : {}) };
    if (this.failed !== undefined) return { ...head, bytes: 0, sha256: '', failed: this.failed };
    if (this.withheld) return { ...head, bytes: 0, sha256: '', withheld: 'the answer contained the token: not kept' };
    const body = this.zip ? { gzip: Buffer.concat(this.gz) } : { raw: Buffer.concat(this.raw ?? []) };
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
  private readonly token: Buffer | null;
  /** The first answer whose body held the unit's token (`METHOD /path`), if one did. */
  tokenSeenIn: string | undefined;

  constructor(token: string | undefined) {
    this.token = token ? Buffer.from(token) : null;
  }

  through(network: Dispatcher): Dispatcher {
    return network.compose((dispatch) => (opts, handler) => {
      const r = new Recording(opts.method, opts.path, this.token, (where) => (this.tokenSeenIn ??= where));
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

  /** Every answer in the order the requests were sent, once each has ended (a request still under way is waited for). */
  async answers(): Promise<RecordedAnswer[]> {
    for (;;) {
      const n = this.recordings.length;
      const all = await Promise.all(this.recordings.map((r) => r.done));
      if (this.recordings.length === n) return all;
    }
  }
}
