import { gunzipSync, gzipSync } from 'node:zlib';
import { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { AnswerRecorder } from '../../src/runner/unit/_answer-recorder.js';
import { KEPT_GZIP_LEVEL, KEPT_RAW_LIMIT } from '../../src/runner/manifest/kept-answers.js';
import { FRAGMENT_LENGTH } from '../../src/core/index.js';

// The recorder sees each answer as its chunks come (the run keeps what it recorded beside the
// documents): the token is found wherever the chunks cut it, a small body is kept as it came and
// a large one gzip-compressed to the same bytes however it was cut, whether it was held until its
// end (up to a megabyte) or compressed as it came.

const TOKEN = 'tok-secret-4242';

/** A network that answers every request with `chunks` as the body, one onResponseData each. */
class ChunkedNetwork extends Dispatcher {
  constructor(
    private readonly chunks: Buffer[],
    private readonly headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    super();
  }

  override dispatch(_opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const controller = { abort() {}, pause() {}, resume() {}, aborted: false, paused: false, reason: null } as unknown as Dispatcher.DispatchController;
    handler.onRequestStart?.(controller, {});
    handler.onResponseStart?.(controller, 200, this.headers, 'OK');
    for (const c of this.chunks) handler.onResponseData?.(controller, c);
    handler.onResponseEnd?.(controller, {});
    return true;
  }
}

/** What the recorder keeps of one answer whose body comes as `chunks`, and what the client received. */
async function record(chunks: Buffer[], headers?: Record<string, string>) {
  const recorder = new AnswerRecorder(TOKEN);
  const received: Buffer[] = [];
  recorder.through(new ChunkedNetwork(chunks, headers)).dispatch({ method: 'GET', path: '/api/x', origin: 'http://127.0.0.1' }, {
    onRequestStart: () => {},
    onResponseData: (_c, chunk) => void received.push(Buffer.from(chunk)),
  });
  const [answer] = await recorder.answers();
  return { answer: answer!, tokenSeenIn: recorder.tokenSeenIn, received: Buffer.concat(received) };
}

/** `body` cut at the given offsets. */
function cut(body: Buffer, at: number[]): Buffer[] {
  const bounds = [0, ...at, body.length];
  return bounds.slice(1).map((end, i) => body.subarray(bounds[i], end));
}

/** JSON-like text of about `bytes` bytes, compressible as answers are. */
function jsonBody(bytes: number): Buffer {
  const rows: string[] = [];
  for (let i = 0, n = 0; n < bytes; i++) {
    const row = `{"key":"key-${i % 977}","requests":${(i * 7919) % 100003},"cost":"${(i % 313) / 4}"}`;
    rows.push(row);
    n += row.length + 1;
  }
  return Buffer.from(`[${rows.join(',')}]`);
}

describe('the answer recorder', () => {
  it('finds the token wherever the chunks cut it, and withholds the body', async () => {
    const body = Buffer.from(`{"note":"paid with ${TOKEN} by mistake","pad":"${'x'.repeat(40)}"}`);
    const start = body.indexOf(TOKEN);
    for (let at = start - 2; at <= start + TOKEN.length + 2; at++) {
      for (const chunks of [cut(body, [at]), cut(body, [at, at + 1]), cut(body, [start + 1, start + 3, at].sort((a, b) => a - b))]) {
        const { answer, tokenSeenIn } = await record(chunks);
        expect(tokenSeenIn, `cut at ${at}`).toBe('GET /api/x');
        expect(answer.withheld).toBeDefined();
        expect(answer.raw ?? answer.gzip).toBeUndefined();
      }
    }
  });

  it('finds the token in chunks a dispatcher hands as plain Uint8Arrays, not Buffers', async () => {
    const body = Buffer.from(`{"note":"the token is ${TOKEN} here"}`);
    const start = body.indexOf(TOKEN);
    for (const chunks of [[body], cut(body, [start + 3]), cut(body, [2, body.length - 2])]) {
      const plain = chunks.map((c) => new Uint8Array(c.buffer.slice(c.byteOffset, c.byteOffset + c.length))) as unknown as Buffer[];
      const { answer, tokenSeenIn } = await record(plain);
      expect(tokenSeenIn).toBe('GET /api/x');
      expect(answer.withheld).toBeDefined();
      expect(answer.raw ?? answer.gzip).toBeUndefined();
    }
  });

  it('keeps a body that holds only pieces of the token shorter than a fragment, at every cut', async () => {
    const short = FRAGMENT_LENGTH - 1;
    const body = Buffer.from(`${TOKEN.slice(0, short)}|${TOKEN.slice(-short)}|${TOKEN.slice(2, 2 + short).toUpperCase()}`);
    for (let at = 1; at < body.length; at++) {
      const { answer, tokenSeenIn } = await record(cut(body, [at]));
      expect(tokenSeenIn).toBeUndefined();
      expect(answer.raw).toEqual(body);
    }
  });

  it('withholds a body holding the token less a character, or upper-cased, at every cut', async () => {
    for (const piece of [TOKEN.slice(0, -1), TOKEN.slice(1), TOKEN.toUpperCase()]) {
      const body = Buffer.from(`{"name":"${piece}"}`);
      for (let at = 1; at < body.length; at++) {
        const { answer, tokenSeenIn } = await record(cut(body, [at]));
        expect(tokenSeenIn, `${piece} cut at ${at}`).toBe('GET /api/x');
        expect(answer.withheld).toBeDefined();
      }
    }
  });

  it('withholds a JSON body that writes the token with escapes, which its bytes do not show; keeps one whose escapes hide nothing', async () => {
    const escaped = Buffer.from(`{"echo":"${[...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}","n":"a\\"b"}`);
    expect(escaped.includes(TOKEN)).toBe(false);
    const { answer, tokenSeenIn } = await record([escaped]);
    expect([answer.raw, answer.gzip, answer.withheld]).toEqual([undefined, undefined, 'the answer contained the token: not kept']);
    expect(tokenSeenIn).toBe('GET /api/x');
    const plain = Buffer.from('{"name":"a\\"b","path":"x\\/y"}');
    const kept = await record([plain]);
    expect([kept.answer.raw, kept.tokenSeenIn]).toEqual([plain, undefined]);
  });

  it('keeps no compressed body (its bytes say nothing of what it holds), the token in it never reaching the month folder', async () => {
    const { answer } = await record([gzipSync(Buffer.from(`{"echo":"${TOKEN}"}`))], { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect([answer.raw, answer.gzip, answer.bytes]).toEqual([undefined, undefined, 0]);
    expect(answer.withheld).toBe('the answer was compressed (gzip), so what it holds was not read: not kept');
  });

  it('keeps a small body as it came, in a copy of its own', async () => {
    const body = jsonBody(KEPT_RAW_LIMIT - 200);
    const chunks = cut(Buffer.from(body), [10, 3000]);
    const { answer, received } = await record(chunks);
    for (const c of chunks) c.fill(0);
    expect(answer.gzip).toBeUndefined();
    expect(answer.raw).toEqual(body);
    expect(received).toEqual(body);
    expect(answer.bytes).toBe(body.length);
  });

  for (const [name, size] of [['held until it ends', 60_000], ['compressed as it comes (past a megabyte)', 3_000_000]] as const) {
    it(`gzips a larger body ${name} to the bytes of one gzip of the whole`, async () => {
      const body = jsonBody(size);
      const whole = gzipSync(body, { level: KEPT_GZIP_LEVEL });
      for (const at of [[], [1], [KEPT_RAW_LIMIT, KEPT_RAW_LIMIT + 1], [100, 50_000, body.length - 7]]) {
        const { answer, received } = await record(cut(body, at));
        expect(answer.raw).toBeUndefined();
        expect(gunzipSync(answer.gzip!).equals(body)).toBe(true);
        expect(answer.gzip!.equals(whole), `cut at ${at.join(',')}`).toBe(true);
        expect(received.equals(body)).toBe(true);
      }
    });
  }
});
