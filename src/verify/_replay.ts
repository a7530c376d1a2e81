import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Dispatcher } from 'undici';
import type { AnswerTap } from '../runner/unit/index.js';
import { sha256, type KeptAnswer, type KeptAnswersIndex } from '../runner/manifest/index.js';
import type { VerifyDifference } from './report.js';

const CHUNK = 64 * 1024;

/** Whether `bytes` are the body the run received, by the size and sha256 its index records. */
function asReceived(bytes: Buffer, a: KeptAnswer): boolean {
  return bytes.length === a.bytes && sha256(bytes) === a.sha256;
}

/** The controller of one replayed answer (undici's handler API): pause, resume and abort as a connection's would. */
class ReplayController {
  paused = false;
  aborted = false;
  reason: Error | null = null;
  rawHeaders = null;
  rawTrailers = null;
  private wake: (() => void) | undefined;

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake?.();
  }

  abort(reason?: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new Error('aborted');
    this.wake?.();
  }

  /** Until resumed or aborted. */
  waiting(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }
}

type Handler = Dispatcher.DispatchHandler;

/** The longest Retry-After the client waits for (its maxRetryAfterMs): a shorter one is replayed as 0, which the client decides on alike. */
const WAITED_FOR_SECONDS = 60;

/** An answer's kept headers, a Retry-After the client would wait out shortened to none (the replay waits for nothing). */
function headersOf(a: KeptAnswer): Record<string, string> {
  const headers = { ...a.headers };
  const after = headers['retry-after'];
  if (after !== undefined && /^\d+(\.\d+)?$/.test(after.trim()) && Number(after) <= WAITED_FOR_SECONDS) headers['retry-after'] = '0';
  return headers;
}

/**
 * `svc verify`'s answer tap: gives a unit's clients the answers its run kept, in the order the
 * run received them (per request), and never reaches the network. A body is taken only from a
 * file the manifest lists, read without following a link, and only when its size and sha256
 * are those the run recorded. What it cannot give (an answer not kept, a body missing or not as
 * recorded) fails that request and is named in `problems`.
 */
export class ReplayTap implements AnswerTap {
  readonly retry = { initialDelayMs: 0, maxDelayMs: 0 };
  /** Why the unit cannot be re-derived from its kept answers: one each, naming the file and the request. */
  readonly problems: VerifyDifference[] = [];
  /** A kept answer came with no HTTP answer or cut short: the unit's failure messages are then not the run's to the word. */
  readonly transportFailures: boolean;
  private readonly queues = new Map<string, KeptAnswer[]>();
  /** The answers given so far, in the order they were asked (AnswerTap.received). */
  private readonly given: KeptAnswer[] = [];

  constructor(
    private readonly monthDir: string,
    private readonly indexPath: string,
    index: KeptAnswersIndex,
    private readonly listed: ReadonlySet<string>,
    /**
     * The service's own PDF of each invoice (`.service.pdf`, kept as sent), by invoice id: a rerun
     * that found it current asked nothing for it, so it is its own kept answer.
     */
    private readonly servicePdfs: ReadonlyMap<string, { path: string; size: number; sha256: string }> = new Map(),
  ) {
    for (const a of index.answers) {
      const key = `${a.method} ${a.path}`;
      this.queues.set(key, [...(this.queues.get(key) ?? []), a]);
    }
    this.transportFailures = index.answers.some((a) => a.failed !== undefined || a.cut);
  }

  /** AnswerTap.received: the kept answers given so far, as the run's clients received them. */
  async received(): Promise<KeptAnswer[]> {
    return this.given;
  }

  /** Kept answers no request asked for. */
  unused(): string[] {
    return [...this.queues.entries()].flatMap(([key, left]) => left.map(() => key));
  }

  through(network: Dispatcher): Dispatcher {
    return network.compose(() => (opts, handler) => {
      void this.serve(`${opts.method} ${opts.path}`, handler);
      return true;
    });
  }

  /** The answer a `.service.pdf` file is, for a request of the service's PDF no answer was kept to. */
  private servicePdf(key: string): KeptAnswer | undefined {
    const id = /^GET .*\/invoices\/([0-9a-f-]{36})\/pdf$/.exec(key)?.[1];
    const file = id === undefined ? undefined : this.servicePdfs.get(id);
    if (!file) return undefined;
    return { method: 'GET', path: key.slice(4), status: 200, headers: { 'content-type': 'application/pdf' }, body: file.path, bytes: file.size, sha256: file.sha256 };
  }

  private problem(file: string, what: string): Error {
    if (!this.problems.some((p) => p.file === file && p.what === what)) this.problems.push({ file, what });
    return Object.assign(new Error(`${file}: ${what}`), { code: 'SVC_NOT_KEPT' });
  }

  private async body(a: KeptAnswer, key: string): Promise<Buffer | Error> {
    if (a.text !== undefined) {
      const bytes = Buffer.from(a.text, 'utf8');
      if (!asReceived(bytes, a)) return this.problem(this.indexPath, `the answer to ${key} kept in it is not the one the run received (its size or sha256 is not the one recorded beside it): cannot re-derive from it`);
      return bytes;
    }
    if (!a.body) {
      if (a.withheld) return this.problem(this.indexPath, `the answer to ${key} was not kept (${a.withheld}): cannot re-derive from it`);
      return Buffer.alloc(0);
    }
    if (!this.listed.has(a.body)) return this.problem(this.indexPath, `the answer to ${key} is in ${a.body}, which the manifest does not list: cannot re-derive from it`);
    const path = join(this.monthDir, a.body);
    const st = await lstat(path).catch(() => undefined);
    if (!st?.isFile()) return this.problem(a.body, `missing: it is the kept answer to ${key}, so what was made from it cannot be re-derived`);
    let bytes: Buffer = await readFile(path);
    if (a.encoding === 'gzip') {
      try {
        bytes = gunzipSync(bytes);
      } catch {
        return this.problem(a.body, `not gzip: it is the kept answer to ${key}, so what was made from it cannot be re-derived`);
      }
    }
    if (!asReceived(bytes, a)) return this.problem(a.body, `not the answer the run received to ${key} (its size or sha256 is not the one ${this.indexPath} records): cannot re-derive from it`);
    return bytes;
  }

  private async serve(key: string, handler: Handler): Promise<void> {
    const c = new ReplayController();
    const fail = (err: Error) => handler.onResponseError?.(c, err);
    try {
      handler.onRequestStart?.(c, {});
      const a = this.queues.get(key)?.shift() ?? this.servicePdf(key);
      if (!a) return fail(this.problem(this.indexPath, `no kept answer to ${key}, which re-deriving asks: cannot re-derive without it`));
      this.given.push(a);
      if (a.failed !== undefined || a.status === undefined) return fail(Object.assign(new Error(`no answer (${a.failed ?? 'none'})`), { code: a.failed }));
      const body = await this.body(a, key);
      if (body instanceof Error) {
        // A retry asks again: it meets the same missing answer, not a later one.
        this.queues.get(key)!.unshift(a);
        this.given.splice(this.given.lastIndexOf(a), 1);
        return fail(body);
      }
      if (c.aborted) return fail(c.reason!);
      handler.onResponseStart?.(c, a.status, headersOf(a), '');
      for (let at = 0; at < body.length; at += CHUNK) {
        while (c.paused && !c.aborted) await c.waiting();
        if (c.aborted) return fail(c.reason!);
        handler.onResponseData?.(c, body.subarray(at, at + CHUNK));
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (c.aborted) return fail(c.reason!);
      handler.onResponseEnd?.(c, {});
    } catch (e) {
      if (!c.aborted) fail(e instanceof Error ? e : new Error(String(e)));
    }
  }
}
