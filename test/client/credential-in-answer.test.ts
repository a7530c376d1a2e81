// An outside audit (2026-12-07): `svc report keys` (table and --csv) printed the reporting token
// the service had put into a key's name, and `invoices get --json` one in an invoice's field. The
// request pipeline every client shares now refuses a successful answer that holds the client's own
// credential, before it is parsed, returned or printed (CredentialInResponseError): bodies read
// whole by a byte search, streamed ones chunk by chunk with the bytes that might begin the token
// held back, and JSON that spells it with escapes once parsed. Real answers of the reference server,
// changed where the case needs it, over real HTTP; the CLI against the reference server itself.
import type { ServerResponse } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, CredentialInResponseError, GatewayClient, ReportingClient } from '../../src/index.js';
import { HttpPipeline } from '../../src/client/http-pipeline.js';
import { CredentialScan } from '../../src/client/_credential-scan.js';
import { FRAGMENT_LENGTH, SecretFragments } from '../../src/core/index.js';
import { json, realAnswers, startAnsweringServer, startChunkedServer, type FakeServer } from './_fake-server.js';
import { FAST, orgEnv, samplesWithNordlysToken, svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

const ORG = 'org-nordlys';
const TOKEN = tokenOf(ORG);
const CREDENTIAL = 'reporting token (SVC_REPORTING_TOKEN)';
const reference = useReferenceServer();
let fake: FakeServer;
let keyUsage: Record<string, unknown>;
let invoice: Record<string, unknown>;
let monthly: Record<string, unknown>;
/** What the fake server answers per path (after `?` is dropped). */
const answers = new Map<string, (res: ServerResponse) => void>();
/** How many times each path was asked for. */
const asked = (path: string) => fake.seen.filter((r) => r.url.split('?')[0] === path).length;

beforeAll(async () => {
  ({ keyUsage, monthly, invoice } = await realAnswers(reference.url, ORG, TOKEN));
  fake = await startAnsweringServer(answers);
});
afterAll(async () => {
  await fake.close();
});

// Two retries, as by default: a refusal must not use them.
const client = () => new ReportingClient({ baseUrl: fake.url, token: TOKEN, orgId: ORG, env: {}, ...FAST });
const paths = {
  invoice: () => `/api/orgs/${ORG}/invoices/${invoice.id as string}`,
  keyUsage: `/api/orgs/${ORG}/key-usage`,
  monthly: `/api/orgs/${ORG}/monthly-usage`,
};
/** The key usage with key 1's name holding `text`. */
const keyNamed = (text: string) => ({ ...keyUsage, keys: (keyUsage.keys as Array<Record<string, unknown>>).map((k, i) => (i === 1 ? { ...k, name: text } : k)) });
/**
 * A JSON text with every `TOKEN` written with every (FRAGMENT_LENGTH - 1)th character, the first
 * too, as a \u escape: no run of its bytes is a piece of the token long enough to count.
 */
const escaped = (value: unknown) => {
  const spelled = [...TOKEN].map((c, i) => (i % (FRAGMENT_LENGTH - 1) === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
  return JSON.stringify(value).split(TOKEN).join(spelled);
};
const sendText = (text: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-cred-1' });
  res.end(text);
};

/** The refusal of `path`'s answer: named, status 200, never the token anywhere on the error. */
function expectRefused(err: unknown, path: string, credential = CREDENTIAL, service = 'the reporting API'): void {
  expect(err).toBeInstanceOf(CredentialInResponseError);
  expect(err).toBeInstanceOf(ApiError);
  const e = err as CredentialInResponseError;
  expect(e.message).toBe(`${service}'s answer to GET ${path} contained the ${credential} itself, so the answer was refused (nothing of it is shown or returned)`);
  expect(e).toMatchObject({ status: 200, endpoint: `GET ${path}`, credential, body: undefined });
  expect(JSON.stringify({ ...e, message: e.message, hint: e.hint, stack: e.stack })).not.toContain(TOKEN);
}

describe('an answer read whole that holds the client\'s own token', () => {
  test('is refused before it is parsed or returned, named, and asked for once (not retried)', async () => {
    answers.set(paths.invoice(), (res) => json(res, 200, { ...invoice, buyer: { ...(invoice.buyer as object), payment_reference: TOKEN } }));
    // In a field the schema does not know: the checked record would drop it, `--json` as sent would print it.
    answers.set(paths.monthly, (res) => json(res, 200, { ...monthly, debug: `authorized by ${TOKEN}` }));
    answers.set(paths.keyUsage, (res) => json(res, 200, keyNamed(`tok ${TOKEN} leak`)));
    const c = client();
    let bodies = 0;
    const cases: Array<[string, () => Promise<unknown>]> = [
      [paths.invoice(), () => c.getInvoice(invoice.id as string, { onBody: () => bodies++ })],
      [paths.invoice(), () => c.getInvoiceJson(invoice.id as string, { onBody: () => bodies++ })],
      [paths.monthly, () => c.getMonthlyUsage({}, { onBody: () => bodies++ })],
      [paths.keyUsage, () => c.getKeyUsage({ month: '2026-10' }, { onBody: () => bodies++ })],
    ];
    for (const [path, call] of cases) {
      const before = asked(path);
      const err = await call().catch((e: unknown) => e);
      expectRefused(err, path);
      expect(asked(path) - before, path).toBe(1);
    }
    // `onBody` (the CLI's --json as sent) never saw them.
    expect(bodies).toBe(0);
  });

  test('a PDF read into memory too', async () => {
    const pdf = paths.invoice() + '/pdf';
    answers.set(pdf, (res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from(`%PDF-1.7\n1 0 obj (reference ${TOKEN}) endobj\n%%EOF\n`, 'latin1'));
    });
    expectRefused(await client().getInvoicePdf(invoice.id as string).catch((e: unknown) => e), pdf);
    expect(asked(pdf)).toBe(1);
  });

  test('written with JSON escapes (\\u0072t_…), which the bytes do not show, it is refused once parsed: read whole and streamed', async () => {
    answers.set(paths.invoice(), sendText(escaped({ ...invoice, buyer: { ...(invoice.buyer as object), payment_reference: TOKEN } })));
    answers.set(paths.monthly, sendText(escaped({ ...monthly, debug: TOKEN })));
    answers.set(paths.keyUsage, sendText(escaped(keyNamed(`tok ${TOKEN} leak`))));
    const c = client();
    const handed: string[] = [];
    for (const [path, call, whole] of [
      [paths.invoice(), () => c.getInvoiceJson(invoice.id as string), true],
      [paths.monthly, () => c.getMonthlyUsage(), true],
      [paths.keyUsage, () => c.getKeyUsage({ month: '2026-10' }), true],
      [paths.keyUsage, () => c.streamKeyUsage({ month: '2026-10' }, (k) => handed.push(k.name)), false],
    ] as const) {
      const err = await call().catch((e: unknown) => e);
      expectRefused(err, path);
      // An answer read whole leaves its headers on the error, as every API error does (the request id, to ask the service).
      expect((err as ApiError).requestId).toBe(whole ? 'req-cred-1' : undefined);
    }
    // The stream handed over the key before the one that held it, and not that one.
    expect(handed).toEqual([(keyUsage.keys as Array<{ name: string }>)[0]!.name]);
  });

  test('an answer without it is read as before, escapes and all', async () => {
    const named = keyNamed('quote " and \\ and rt_nordlys_ alone');
    answers.set(paths.keyUsage, sendText(JSON.stringify(named)));
    const usage = await client().getKeyUsage({ month: '2026-10' });
    expect(usage.keys[1]!.name).toBe('quote " and \\ and rt_nordlys_ alone');
  });

  test('the gateway refuses an answer holding the API key, naming it as the API key', async () => {
    const apiKey = 'sk-nl1a-4c7e2f9a8b1d3e5f6a7b';
    answers.set('/key/info', (res) => json(res, 200, { key: apiKey, info: { key_alias: 'x' } }));
    const err = await new GatewayClient({ gatewayUrl: fake.url, apiKey, env: {}, ...FAST }).getKeyInfo().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialInResponseError);
    expect((err as Error).message).toBe('the gateway\'s answer to GET /key/info contained the API key itself, so the answer was refused (nothing of it is shown or returned)');
    expect((err as ApiError).hint).toBe('treat the API key as exposed: create a new one, and ask the service why its answer holds it');
    expect(JSON.stringify(err)).not.toContain(apiKey);
    expect(asked('/key/info')).toBe(1);
  });
});

describe('CredentialScan: the token split across chunks', () => {
  const body = Buffer.from(`{"name":"tok ${TOKEN} leak","after":1}`);
  const start = body.indexOf(TOKEN);
  /** Feeds `body` cut at `cuts`; what was passed on, and whether the token was found. */
  function feed(bytes: Buffer, cuts: number[]): { passed: Buffer; found: boolean } {
    const scan = new CredentialScan(SecretFragments.ofUtf8([TOKEN]));
    const out: Buffer[] = [];
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      const got = scan.write(bytes.subarray(at, cut));
      if (!got) return { passed: Buffer.concat(out), found: true };
      out.push(...got);
      at = cut;
    }
    out.push(scan.end());
    return { passed: Buffer.concat(out), found: false };
  }

  test('is found wherever the cut falls, and no byte of it is passed on first', () => {
    for (let cut = 1; cut < body.length; cut++) {
      const { passed, found } = feed(body, [cut]);
      expect(found, `cut at ${cut}`).toBe(true);
      expect(passed.length, `cut at ${cut}`).toBeLessThanOrEqual(start);
    }
    // One byte at a time, and in pieces shorter than the bytes held back.
    for (const size of [1, 3, 7]) {
      const cuts = Array.from({ length: Math.ceil(body.length / size) - 1 }, (_, i) => (i + 1) * size);
      const { passed, found } = feed(body, cuts);
      expect(found, `pieces of ${size}`).toBe(true);
      expect(passed.length).toBeLessThanOrEqual(start);
    }
  });

  test('a piece of it, in another case, is found wherever the cut falls, and none of it passed on', () => {
    const piece = TOKEN.slice(3, 3 + FRAGMENT_LENGTH).toUpperCase();
    const partly = Buffer.from(`{"name":"tok ${piece} leak","after":1}`);
    const at = partly.indexOf(piece);
    for (let cut = 1; cut < partly.length; cut++) {
      const { passed, found } = feed(partly, [cut]);
      expect(found, `cut at ${cut}`).toBe(true);
      expect(passed.length, `cut at ${cut}`).toBeLessThanOrEqual(at);
    }
  });

  test('a body without it is passed on whole, byte for byte, however it is cut', () => {
    // Pieces of the token one character shorter than a fragment.
    const short = FRAGMENT_LENGTH - 1;
    const clean = Buffer.from(`{"name":"tok ${TOKEN.slice(0, short)} leak ${TOKEN.slice(-short)} ${TOKEN.slice(5, 5 + short).toUpperCase()}"}`);
    for (const cuts of [[], [1], [5, 6, 7], [TOKEN.length - 2, TOKEN.length + 20]]) {
      expect(feed(clean, cuts)).toEqual({ passed: clean, found: false });
    }
  });
});

describe('a streamed answer holding the token split across chunks', () => {
  let raw: FakeServer;
  let pieces: Buffer[] = [];
  beforeAll(async () => {
    raw = await startChunkedServer(() => ({ pieces }), 'application/octet-stream');
  });
  afterAll(() => raw.close());
  /** `text` sent in two pieces, cut `into` bytes into the token. */
  const sendSplit = (text: string, into: number) => {
    const bytes = Buffer.from(text, 'latin1');
    const at = bytes.indexOf(TOKEN) + into;
    pieces = [bytes.subarray(0, at), bytes.subarray(at)];
  };

  test('key usage streamed: the stream fails with the refusal and the key is never handed over', async () => {
    const text = JSON.stringify(keyNamed(`tok ${TOKEN} leak`));
    const c = new ReportingClient({ baseUrl: raw.url, token: TOKEN, orgId: ORG, env: {}, ...FAST });
    for (const into of [1, 10, TOKEN.length - 1]) {
      sendSplit(text, into);
      const handed: string[] = [];
      const err = await c.streamKeyUsage({ month: '2026-10' }, (k) => handed.push(k.name)).catch((e: unknown) => e);
      expectRefused(err, paths.keyUsage);
      expect(handed.some((n) => n.includes(TOKEN.slice(0, into)) && n !== (keyUsage.keys as Array<{ name: string }>)[0]!.name)).toBe(false);
    }
  });

  test('the pipeline\'s stream passes on nothing from the token\'s first byte', async () => {
    const http = new HttpPipeline({ baseUrl: raw.url, token: TOKEN, credential: CREDENTIAL, maxRetries: 0 });
    const text = `%PDF-1.7\n${'x'.repeat(5000)} (${TOKEN}) ${'y'.repeat(100)}`;
    for (const into of [1, 13, TOKEN.length - 1]) {
      sendSplit(text, into);
      const body = await http.request({ path: '/pdf', what: 'a PDF', responseType: 'stream' });
      const got: Buffer[] = [];
      const err = await (async () => {
        for await (const c of body) got.push(c as Buffer);
      })().catch((e: unknown) => e);
      expectRefused(err, '/pdf', CREDENTIAL, 'the service');
      expect(Buffer.concat(got).length).toBeLessThanOrEqual(text.indexOf(TOKEN));
    }
  });

  test('an invoice PDF saved to a file: refused, no file and no temp file left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cred-pdf-'));
    try {
      sendSplit(`%PDF-1.7\n${'x'.repeat(3000)} (${TOKEN}) %%EOF\n`, 5);
      const c = new ReportingClient({ baseUrl: raw.url, token: TOKEN, orgId: ORG, env: {}, ...FAST });
      const err = await c.saveInvoicePdf(invoice.id as string, join(dir, 'invoice.pdf')).catch((e: unknown) => e);
      expectRefused(err, `${paths.invoice()}/pdf`);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('svc (the audit\'s repro): a key named with the token, an invoice field set to it', () => {
  let tmp: string;
  const served = useReferenceServer(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'svc-cred-cli-'));
    return { dataDir: await samplesWithNordlysToken(join(tmp, 'data')) };
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });
  const line = (path: string) =>
    `svc: the reporting API's answer to GET ${path} contained the ${CREDENTIAL} itself, so the answer was refused (nothing of it is shown or returned) (treat the reporting token as exposed: create a new one, and ask the service why its answer holds it)\n`;

  test('svc report keys --csv (the built bin): exit 1, nothing on stdout, one line on stderr naming the answer and the variable, never the token', async () => {
    const r = await svcBin(['report', 'keys', '--month', '2026-10', '--csv'], orgEnv(served, ORG));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(line(paths.keyUsage));
  });

  test('the table, invoices get (table and --json) and the cost workbook: the same', async () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
    for (const [argv, path] of [
      [['report', 'keys', '--month', '2026-10'], paths.keyUsage],
      [['invoices', 'get', '2026-0142'], `/api/orgs/${ORG}/invoices/${id}`],
      [['invoices', 'get', '2026-0142', '--json'], `/api/orgs/${ORG}/invoices/${id}`],
      [['report', 'cost', '--month', '2026-10', '-o', join(tmp, 'cost.xlsx')], paths.keyUsage],
    ] as const) {
      const r = await svcInProcess([...argv], orgEnv(served, ORG), { cwd: tmp });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(r.stderr, argv.join(' ')).toBe(line(path));
    }
    expect(await readdir(tmp)).toEqual(['data']);
    // Its clean invoice reads as before.
    const ok = await svcInProcess(['invoices', 'get', '2026-0131'], orgEnv(served, ORG));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('2026-0131');
  });
});

// An outside attack review (2026-12-07): the token cut by invisible characters (a zero-width
// space, a soft hyphen) has no piece of FRAGMENT_LENGTH in its bytes, so the byte search passed
// it; then the records' visibleText removed the invisible characters and the token stood whole in
// the file names, the PDF, the XML, the workbook and `svc invoices list`. The parsed strings are
// now also searched as every surface shows them.
describe('the token cut by invisible characters', () => {
  const cut = (sep: string) => [...TOKEN].map((c, i) => (i > 0 && i % 5 === 0 ? `${sep}${c}` : c)).join('');

  test.each([['a zero-width space', '\u200b'], ['a soft hyphen', '\u00ad'], ['a word joiner', '\u2060'], ['a tag character', '\u{e0020}']])('with %s: refused read whole, streamed and parsed whole', async (_name, sep) => {
    const hidden = cut(sep);
    expect(new SecretFragments([TOKEN]).has(hidden)).toBe(false);
    answers.set(paths.invoice(), (res) => json(res, 200, { ...invoice, invoice_number: `2026-${hidden}` }));
    answers.set(paths.monthly, (res) => json(res, 200, { ...monthly, note: hidden }));
    answers.set(paths.keyUsage, (res) => json(res, 200, keyNamed(`Key ${hidden}`)));
    const c = client();
    expectRefused(await c.getInvoice(invoice.id as string).catch((e: unknown) => e), paths.invoice());
    expectRefused(await c.getInvoiceJson(invoice.id as string).catch((e: unknown) => e), paths.invoice());
    expectRefused(await c.getMonthlyUsage({}).catch((e: unknown) => e), paths.monthly);
    // Key usage under 1 MB is parsed whole; streamed key by key past it.
    expectRefused(await c.getKeyUsage({ month: '2026-10' }).catch((e: unknown) => e), paths.keyUsage);
    const big = { ...keyNamed(`Key ${hidden}`), padding: 'x'.repeat(1_100_000) };
    answers.set(paths.keyUsage, (res) => json(res, 200, big));
    expectRefused(await c.getKeyUsage({ month: '2026-10' }).catch((e: unknown) => e), paths.keyUsage);
  });

  test('an invisible character that cuts no token leaves the answer read, its text made visible', async () => {
    answers.set(paths.invoice(), (res) => json(res, 200, { ...invoice, invoice_number: '2026\u200b-0142' }));
    const got = await client().getInvoice(invoice.id as string);
    expect(got.invoice_number).toBe('2026-0142');
  });
});

// mayHoldInvisible is a cheap byte test before the parsed strings are walked: it must say yes for
// every character visibleText removes, derived here from the one definition (INVISIBLE_CLASS).
test('mayHoldInvisible holds for every invisible character past ASCII\'s C0 controls', async () => {
  const { INVISIBLE_CLASS, mayHoldInvisible } = await import('../../src/core/index.js');
  const invisible = new RegExp(`^[${INVISIBLE_CLASS}]$`, 'u');
  let n = 0;
  for (let cp = 0x20; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    if (!invisible.test(ch)) continue;
    n++;
    if (!mayHoldInvisible(Buffer.from(`{"a":"x${ch}y"}`, 'utf8'))) throw new Error(`U+${cp.toString(16)} not caught`);
  }
  expect(n).toBeGreaterThan(4000);
  expect(mayHoldInvisible(Buffer.from('{"name":"Søren Ærø Å"}', 'utf8'))).toBe(false);
});
