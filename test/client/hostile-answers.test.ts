// Issue 14, faults 5, 6 and 7: a server answering for another organization, server text with
// terminal escapes, and bodies far larger than real data. Real answers of the reference server,
// changed where the fault needs it, served over real HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportingClient, ResponseSchemaError, ResponseTooLargeError } from '../../src/index.js';
import { json, realAnswers, startAnsweringServer, type FakeServer } from './_fake-server.js';
import { svc, tokenOf, useReferenceServer } from '../_harness/index.js';

const ORG = 'org-nordlys';
const OTHER = 'org-kattegat';
const reference = useReferenceServer();
let fake: FakeServer;
// Real answers for ORG, fetched once.
let keyUsage: Record<string, unknown>;
let invoice: Record<string, unknown>;
let monthly: Record<string, unknown>;
/** What the fake server answers per path (after `?` is dropped). */
const answers = new Map<string, (res: import('node:http').ServerResponse) => void>();

beforeAll(async () => {
  ({ keyUsage, monthly, invoice } = await realAnswers(reference.url, ORG, tokenOf(ORG)));
  fake = await startAnsweringServer(answers);
});
afterAll(async () => {
  await fake.close();
});

const client = (extra: ConstructorParameters<typeof ReportingClient>[0] = {}) =>
  new ReportingClient({ baseUrl: fake.url, token: 'tok-hostile-answers', orgId: ORG, maxRetries: 0, ...extra });
const env = () => ({ SVC_BASE_URL: fake.url, SVC_REPORTING_TOKEN: 'tok-hostile-answers', SVC_ORG_ID: ORG });

describe("fault 5: an answer for another organization", () => {
  const otherOrg = (record: Record<string, unknown>) => ({ ...record, org_id: OTHER });
  const message = `field org_id: the answer is for organization "${OTHER}", but "${ORG}" was asked for`;

  test('an invoice, key usage (read whole and streamed) and monthly usage are refused naming both ids', async () => {
    answers.set(`/api/orgs/${ORG}/invoices/${invoice.id as string}`, (res) => json(res, 200, otherOrg(invoice)));
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => json(res, 200, otherOrg(keyUsage)));
    answers.set(`/api/orgs/${ORG}/monthly-usage`, (res) => json(res, 200, otherOrg(monthly)));
    const c = client();
    for (const call of [
      () => c.getInvoice(invoice.id as string),
      () => c.getInvoiceJson(invoice.id as string),
      () => c.getKeyUsage({ month: '2026-10' }),
      () => c.streamKeyUsage({ month: '2026-10' }, () => {}),
      () => c.getMonthlyUsage(),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseSchemaError);
      expect((err as Error).message).toContain(message);
    }
  });

  test('the same answers for the organization asked for pass', async () => {
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => json(res, 200, keyUsage));
    const usage = await client().getKeyUsage({ month: '2026-10' });
    expect(usage.org_id).toBe(ORG);
  });
});

describe('fault 6: control characters from the server', () => {
  test('a 200 body starting with a terminal escape: the message shows it escaped, the terminal gets no ESC or BEL', async () => {
    answers.set(`/api/orgs/${ORG}/invoices`, (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('\x1b]0;owned\x07{"not": json');
    });
    const r = await svc(['invoices', 'list'], { env: env() });
    expect(r.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- the test checks no control character reaches the terminal
    expect(r.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    // In svc's words since issue 43 (where, and the character escaped), not the parser's sentence quoting the body.
    expect(r.stderr).toContain('not valid JSON: unexpected "\\x1b" at line 1, column 1');
  });

  test('svc report keys --csv: ESC, NUL and U+202E in key names are removed where the record enters (issue 26), the CSV stays parseable', async () => {
    const keys = (keyUsage.keys as Array<Record<string, unknown>>).map((k, i) => (i === 0 ? { ...k, name: 'evil\x1b[2J\x00name\u202Etxt.exe' } : k));
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => json(res, 200, { ...keyUsage, keys }));
    const r = await svc(['report', 'keys', '--month', '2026-10', '--csv'], { env: env() });
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the test checks no control character reaches the CSV
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202e]/);
    // The one rule (core/invisible-text.ts) removed them from the record, as every other surface shows it.
    expect(r.stdout).toContain('evil[2Jnametxt.exe');
    expect(r.stdout.trimEnd().split('\r\n')).toHaveLength(keys.length + 1);
  });
});

describe('issue 26: invalid UTF-8 in key usage, read whole and streamed', () => {
  test('the bad bytes show as U+FFFD and onWarning is told once, naming the key field', async () => {
    const keys = keyUsage.keys as Array<Record<string, unknown>>;
    const name = String(keys[1]!.name);
    const text = JSON.stringify({ ...keyUsage, keys: keys.map((k, i) => (i === 1 ? { ...k, name: `${name}@@` } : k)) });
    const at = Buffer.from(text).indexOf(Buffer.from(`${name}@@`)) + Buffer.byteLength(name);
    const body = Buffer.from(text);
    // 0xC3 0x28: a lead byte followed by no continuation byte, then 0xFF; neither is UTF-8.
    body[at] = 0xc3;
    body[at + 1] = 0xff;
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const endpoint = `GET /api/orgs/${ORG}/key-usage`;
    const said = `${endpoint}: the answer was not valid UTF-8; the bytes that were not show as U+FFFD (\ufffd) in keys[1].name`;
    const warnings: string[] = [];
    const c = client({ onWarning: (m) => warnings.push(m) });
    const whole = await c.getKeyUsage({ month: '2026-10' });
    expect(whole.keys[1]!.name).toBe(`${name}\ufffd\ufffd`);
    expect(warnings).toEqual([said]);
    warnings.length = 0;
    const names: string[] = [];
    await c.streamKeyUsage({ month: '2026-10' }, (k) => names.push(k.name));
    expect(names[1]).toBe(`${name}\ufffd\ufffd`);
    expect(warnings).toEqual([said]);
    // The same answer with valid bytes: no warning.
    warnings.length = 0;
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => json(res, 200, keyUsage));
    await c.getKeyUsage({ month: '2026-10' });
    await c.streamKeyUsage({ month: '2026-10' }, () => {});
    expect(warnings).toEqual([]);
  });
});

describe('fault 7: bodies larger than the cap for their kind', () => {
  test('a body announcing more than the cap is refused before it is read', async () => {
    answers.set(`/api/orgs/${ORG}/invoices`, (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('[');
      // Never sends the rest: only the announced length can end this in time.
    });
    const err = await client({ timeoutMs: 10_000 }).listInvoices().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as Error).message).toBe('the answer is larger than the 64 MiB allowed for a record');
    expect((err as ResponseTooLargeError).hint).toBe('if the data really is this large, raise the client option maxResponseBytes.records');
  });

  test('a chunked body growing past the cap is cut off there (records, key usage read whole and streamed, PDF)', async () => {
    const endless = (res: import('node:http').ServerResponse, first: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(first);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    };
    answers.set(`/api/orgs/${ORG}/invoices`, (res) => endless(res, '['));
    answers.set(`/api/orgs/${ORG}/key-usage`, (res) => endless(res, '{"org_id":"org-nordlys", "keys": ['));
    const id = invoice.id as string;
    answers.set(`/api/orgs/${ORG}/invoices/${id}/pdf`, (res) => endless(res, '%PDF-1.7'));
    const c = client({ maxResponseBytes: { records: 1024 * 1024, keyUsage: 2 * 1024 * 1024, pdf: 1024 * 1024 } });
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['records', () => c.listInvoices()],
      ['keyUsage', () => c.getKeyUsage({ month: '2026-10' })],
      ['keyUsage', () => c.streamKeyUsage({ month: '2026-10' }, () => {})],
      ['pdf', () => c.getInvoicePdf(id)],
    ];
    for (const [kind, call] of cases) {
      const err = await call().catch((e: unknown) => e);
      expect(err, kind).toBeInstanceOf(ResponseTooLargeError);
      expect((err as ResponseTooLargeError).kind).toBe(kind);
    }
  });

  test('a cap that is not a whole number of bytes is refused when the client is made', () => {
    expect(() => client({ maxResponseBytes: { records: 0 } })).toThrow('maxResponseBytes.records: must be a whole number of bytes, at least 1');
  });
});
