// The key-usage stream reader: the byte scanner that cuts each key out of the response (any
// chunking, whitespace, member order, nesting, escapes, UTF-8 split across chunks) and
// streamKeyUsage over a real loopback server that sends the body in pieces.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JsonScanError, MemberScanner } from '../../src/client/_json-members.js';
import { ConnectionError } from '../../src/client/errors/connection-error.js';
import { ResponseSchemaError } from '../../src/client/errors/response-schema-error.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { KeyUsageEntrySchema, OrgKeyUsageSchema, type KeyUsageEntry } from '../../src/model/key-usage.js';
import { parseRecord } from '../../src/model/parse/parse.js';
import { startChunkedServer, startFakeServer, type FakeServer } from './_fake-server.js';
import { WHOLE_BYTES } from '../../src/client/_json-whole.js';
import { expectSame } from '../_expect-same.js';

const key = (id: string, name: string, extra = '') =>
  `{ "id" : "${id}", "name":${JSON.stringify(name)},"key_prefix":"sk-${id}", "spend_usd" : "1.25",\n` +
  `"prompt_tokens":1,"completion_tokens":1,"total_tokens":2,"request_count":1,"models":[ ]${extra} }`;

// Names with what a naive scanner trips on: brackets and braces in strings, escaped quotes and
// backslashes, a string ending in a backslash, multibyte UTF-8 (2, 3 and 4 bytes).
const tricky = [
  key('k1', 'a ] } [ { , : name'),
  key('k2', 'quote " and \\" and \\\\', ',"fields":{"team":"[x]","pii":true,"cc":"{\\"}"}'),
  key('k3', 'Ærø – 北京 😀 \\', ',"service":{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"request_count":0}'),
  key('k4', '\u00e6\u00f8\u00e5 \\u00e6 \t tab'),
];
const head = '"org_id" : "org-x" ,\n "start_date":"2026-10-01","end_date":"2026-10-31"';
const totals = '"totals":{"spend_usd":"5","prompt_tokens":4,"completion_tokens":4,"total_tokens":8,"request_count":4,"models":[{"model":"m","spend_usd":"5","prompt_tokens":4,"completion_tokens":4,"total_tokens":8,"request_count":4}]}';
const keysBefore = `\n{ "keys" :\n[ ${tricky.join(' ,\n ')} ] , ${head}, "key_fields": [ {"key":"team","display_name":"T [}","type":"text"} ] ,\r\n${totals} }\n`;
const keysAfter = `{${head},${totals},"unknown":[[["]"]],{"a":{}}],"keys":[${tricky.join(',')}]}`;

/** Feeds `text` to a scanner cut at the given byte positions; returns what it handed over. */
function scan(bytes: Buffer, cuts: number[]) {
  const elements: unknown[] = [];
  const members: Record<string, unknown> = {};
  const s = new MemberScanner('keys', {
    onElement: (text, i) => elements.push([i, JSON.parse(text)]),
    onMember: (name, text) => (members[name] = JSON.parse(text)),
  });
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    s.write(bytes.subarray(at, cut));
    at = cut;
  }
  s.end();
  return { elements, members, sawArray: s.sawArray };
}

/** expect(run).toThrow(pattern), the thrown Error's message tested first (the same rule: toThrow with a RegExp tests the message). */
function expectThrows(run: () => unknown, pattern: RegExp, message: string): void {
  try {
    run();
  } catch (e) {
    if (e instanceof Error && pattern.test(e.message)) return;
  }
  expect(run, message).toThrow(pattern);
}

describe('MemberScanner', () => {
  test.each([
    ['keys first, whitespace everywhere', keysBefore],
    ['keys last, after nested members', keysAfter],
  ])('gives what JSON.parse gives, cut at every byte and byte by byte (%s)', (_name, body) => {
    const bytes = Buffer.from(body, 'utf8');
    const { keys, ...rest } = JSON.parse(body) as { keys: unknown[] };
    const expected = { elements: keys.map((k, i) => [i, k]), members: rest, sawArray: true };
    expect(scan(bytes, [])).toEqual(expected);
    // One cut anywhere (in a name, a number, an escape, the middle of a UTF-8 character)...
    for (let cut = 1; cut < bytes.length; cut++) expectSame(scan(bytes, [cut]), expected);
    // ...and every byte its own chunk.
    expect(scan(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1))).toEqual(expected);
  });

  test('empty arrays and objects, scalars as elements and members', () => {
    for (const body of ['{"keys":[]}', '{ "keys" : [ ] , "a" : 1 }', '{}', ' {"a":-1.5e3,"b":true,"keys":[1, "x" ,null,{"c":[]}],"d":null} ']) {
      const bytes = Buffer.from(body);
      const { keys = [], ...rest } = JSON.parse(body) as { keys?: unknown[] };
      for (let cut = 0; cut <= bytes.length; cut++) {
        expectSame(scan(bytes, [cut]), { elements: keys.map((k, i) => [i, k]), members: rest, sawArray: body.includes('keys') });
      }
    }
  });

  test.each([
    ['not an object', '[1,2]'],
    ['HTML', '<html>502</html>'],
    ['empty', ''],
    ['trailing comma in keys', '{"keys":[{"a":1},]}'],
    ['leading comma in keys', '{"keys":[,{"a":1}]}'],
    ['missing comma in keys', '{"keys":[{"a":1} {"a":2}]}'],
    ['trailing comma in the object', '{"keys":[],}'],
    ['missing colon', '{"keys" []}'],
    ['junk after the object', '{"keys":[]} x'],
    ['keys twice', '{"keys":[],"keys":[]}'],
  ])('rejects %s', (_name, body) => {
    expect(() => scan(Buffer.from(body), [])).toThrow(JsonScanError);
  });

  test('a bad element or member reaches JSON.parse, which rejects it', () => {
    expect(() => scan(Buffer.from('{"keys":[{"a":]}]}'), [])).toThrow(SyntaxError);
    expect(() => scan(Buffer.from('{"keys":[tru]}'), [])).toThrow(SyntaxError);
    expect(() => scan(Buffer.from('{"a":{"b":1]],"keys":[]}'), [])).toThrow(SyntaxError);
  });

  test('every cut-off prefix of a good body is an error, never a short result', () => {
    const bytes = Buffer.from(keysAfter);
    for (let n = 0; n < bytes.length; n++) {
      expectThrows(() => scan(bytes.subarray(0, n), []), /ends early|Unexpected|JSON/, `prefix of ${n} bytes`);
    }
  });
});

describe('streamKeyUsage over HTTP, the body sent in pieces', () => {
  let server: FakeServer;
  /** The body's pieces, each written and flushed before the next (so they arrive as chunks). */
  let pieces: Buffer[] = [];
  let cutConnection = false;
  beforeAll(async () => {
    server = await startChunkedServer(() => ({ pieces, cut: cutConnection }));
  });
  afterAll(() => server.close());

  const client = () => new ReportingClient({ baseUrl: server.url, orgId: 'org-x', token: 'rt_test', env: {}, maxRetries: 0 });
  /** `body` cut into pieces of `size` bytes (so characters and escapes are split). */
  const send = (body: string, size: number) => {
    const bytes = Buffer.from(body, 'utf8');
    pieces = [];
    for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
    cutConnection = false;
  };
  const run = async (onKey: (k: KeyUsageEntry, i: number) => void = () => {}) =>
    client().streamKeyUsage({ month: '2026-10' }, onKey).catch((e: unknown) => e as Error);

  test.each([
    ['keys first', 7, keysBefore],
    ['keys last', 5, keysAfter],
    ['keys last, one piece', 1 << 20, keysAfter],
  ])('hands over every key checked, and the rest of the record (%s, pieces of %i bytes)', async (_n, size, body) => {
    send(body, size);
    const whole = parseRecord(OrgKeyUsageSchema, JSON.parse(body), 'key usage');
    const got: Array<[number, KeyUsageEntry]> = [];
    const rest = await run((k, i) => got.push([i, k]));
    expect(got).toEqual(whole.keys.map((k, i) => [i, k]));
    expect(got[2]![1].name).toBe('Ærø – 北京 😀 \\');
    expect(rest).toEqual({ ...whole, keys: [] });
  });

  test('an empty key list, with whitespace inside', async () => {
    send(`{${head},"keys": [ \n ],${totals}}`, 3);
    let n = 0;
    const rest = await run(() => n++);
    expect(n).toBe(0);
    expect(rest).toMatchObject({ org_id: 'org-x', keys: [] });
  });

  test('names the bad field of the key it is in, counted from 0', async () => {
    send(`{${head},"keys":[${tricky[0]},${tricky[1]!.replace('"1.25"', '"lots"')}],${totals}}`, 11);
    const err = await run();
    expect(err).toBeInstanceOf(ResponseSchemaError);
    expect((err as ResponseSchemaError).path).toBe('keys[1].spend_usd');
  });

  test('a key that is not JSON is named; so are a body that is not JSON and one cut off', async () => {
    send(`{${head},"keys":[${tricky[0]},{"id":"k2","name":tru}],${totals}}`, 13);
    const badKey = await run();
    expect(badKey).toBeInstanceOf(ResponseSchemaError);
    expect((badKey as ResponseSchemaError).path).toBe('keys[1]');
    expect((badKey as Error).message).toMatch(/not valid JSON/);
    for (const body of ['<html>Bad gateway</html>', `{${head},"keys":[${tricky[0]},{"id":`, `{${head},"keys":[]`]) {
      send(body, 9);
      const err = await run();
      expect(err).toBeInstanceOf(ResponseSchemaError);
      expect((err as ResponseSchemaError).path).toBe('$');
      expect((err as Error).message).toMatch(/not valid JSON/);
    }
  });

  test('keys missing, or not an array, is named as `keys`', async () => {
    for (const body of [`{${head},${totals}}`, `{${head},"keys":null,${totals}}`, `{${head},"keys":{"0":{}},${totals}}`]) {
      send(body, 64);
      const err = await run();
      expect(err).toBeInstanceOf(ResponseSchemaError);
      expect((err as ResponseSchemaError).path).toBe('keys');
    }
  });

  test("onKey's own error is thrown as it is, and no key after it is handed over", async () => {
    send(keysAfter, 16);
    const mine = new Error('stop here');
    let seen = 0;
    const err = await run((_k, i) => {
      seen++;
      if (i === 1) throw mine;
    });
    expect(err).toBe(mine);
    expect(seen).toBe(2);
  });

  test('a connection cut mid-body is a connection error, not a schema error', async () => {
    send(keysAfter, 40);
    pieces = pieces.slice(0, 4);
    cutConnection = true;
    const err = await run();
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as Error).message).not.toContain('rt_test');
  });

  // Keys without a backslash anywhere: an answer of at most WHOLE_BYTES is then parsed in one go
  // (wholeObject), and must hand over and refuse exactly what the scanner does.
  const plain = [
    key('k1', 'a ] } [ { , : name'),
    key('k2', 'Ærø – 北京 😀', ',"fields":{"team":"[x]","pii":true,"10":"ten","2":false}'),
    key('k3', 'quote-free', ',"service":{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"request_count":0}'),
  ];
  const plainBodies = [
    ['keys first', `{"keys":[${plain.join(',')}],${head},"0":1,"key_fields":[],${totals}}`],
    ['keys last', `{${head},${totals},"unknown":[[["]"]],{"a":{}}],"keys":[${plain.join(' ,\n')}]}`],
  ] as const;

  test.each(plainBodies)('a body without backslashes, parsed in one go, hands over what the scanner does (%s)', async (_n, body) => {
    expect(body).not.toContain('\\');
    const whole = parseRecord(OrgKeyUsageSchema, JSON.parse(body), 'key usage');
    for (const size of [7, 1 << 20]) {
      send(body, size);
      const got: Array<[number, KeyUsageEntry]> = [];
      const rest = await run((k, i) => got.push([i, k]));
      expect(got).toEqual(whole.keys.map((k, i) => [i, k]));
      expect(rest).toEqual({ ...whole, keys: [] });
    }
  });

  test('a body without backslashes refuses what the scanner refuses, in the same order', async () => {
    const refusal = async (body: string, onKey?: (k: KeyUsageEntry, i: number) => void) => {
      expect(body).not.toContain('\\');
      send(body, 1 << 20);
      const err = await run(onKey);
      expect(err).toBeInstanceOf(ResponseSchemaError);
      return err as ResponseSchemaError;
    };
    // The keys twice: the scanner refuses it where JSON.parse would keep the last.
    expect((await refusal(`{${head},"keys":[],${totals},"keys":[${plain[0]}]}`)).message).toMatch(/"keys" appears twice/);
    // Another organization's id, then ours: refused at the first, as the scanner sees it.
    expect((await refusal(`{"org_id":"org-y",${head},"keys":[],${totals}}`)).message).toMatch(/org-y/);
    // A bad key before another organization's id is named; the id before the keys stops them.
    const bad = plain[1]!.replace('"1.25"', '"lots"');
    expect((await refusal(`{"keys":[${plain[0]},${bad}],"org_id":"org-y","start_date":"2026-10-01","end_date":"2026-10-31",${totals}}`)).path).toBe('keys[1].spend_usd');
    let handed = 0;
    expect((await refusal(`{"org_id":"org-y","start_date":"2026-10-01","end_date":"2026-10-31","keys":[${plain[0]}],${totals}}`, () => handed++)).message).toMatch(/org-y/);
    expect(handed).toBe(0);
    // Not JSON: the scanner names where.
    expect((await refusal(`{${head},"keys":[${plain[0]}],${totals}} x`)).message).toMatch(/not valid JSON.*found 'x' at byte/);
  });

  test('an answer larger than WHOLE_BYTES is scanned as it streams: its first key is handed over before the body ends', async () => {
    const many = `{${head},${totals},"keys":[` + Array.from({ length: Math.ceil(WHOLE_BYTES / plain[0]!.length) + 10 }, () => plain[0]).join(',');
    // The body never ends: only a key handed over while it streams can end the call before the deadline.
    const stalled = await startFakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(many);
    });
    try {
      const mine = new Error('first key');
      const c = new ReportingClient({ baseUrl: stalled.url, orgId: 'org-x', token: 'rt_test', env: {}, maxRetries: 0, timeoutMs: 20_000 });
      const err = await c.streamKeyUsage({ month: '2026-10' }, () => {
        throw mine;
      }).catch((e: unknown) => e);
      expect(err).toBe(mine);
    } finally {
      await stalled.close();
    }
  });

  test('the schema of each key is the one getKeyUsage checks', () => {
    // Guards the test data above: every tricky key is a valid entry on its own.
    for (const k of tricky) expect(() => parseRecord(KeyUsageEntrySchema, JSON.parse(k), 'key')).not.toThrow();
  });
});
