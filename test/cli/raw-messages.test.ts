import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Raw internal messages (issue 26): a pasted token echoed back, a 400-digit spend, a field
// nested 100,000 deep, a stack trace with SVC_DEBUG on a 403. Each is one plain line now. The
// built `svc` (the first case as the real bin, the others its code in-process), a server in
// front of the reference server that changes one answer per case.

const ORG = 'org-nordlys';
const TOKEN = tokenOf(ORG);
const OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const reference = useReferenceServer();
let hostile: FakeServer;
let dir: string;
/** How the hostile server changes an answer, per path prefix; set by each test. */
let change: { path: string; body?: (text: string) => string; status?: number } | undefined;

beforeAll(async () => {
  hostile = await startFakeServer((req, res) => {
    const c = change && req.url.startsWith(c_path()) ? change : undefined;
    if (c?.status) {
      res.writeHead(c.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'forbidden', message: 'this token may not read invoices' }));
      return;
    }
    void fetch(`${reference.url}${req.url}`, { headers: { authorization: String(req.headers.authorization ?? ''), accept: String(req.headers.accept ?? '*/*'), 'user-agent': String(req.headers['user-agent'] ?? 'svc-test') } }).then(async (r) => {
      let body: Buffer | string = Buffer.from(await r.arrayBuffer());
      if (c?.body) body = c.body(body.toString('utf8'));
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(body);
    });
  });
  dir = mkdtempSync(join(tmpdir(), 'svc-raw-'));
});
afterAll(async () => {
  await hostile?.close();
  rmSync(dir, { recursive: true, force: true });
});
const c_path = () => change?.path ?? '\0';

const env = (extra: Record<string, string> = {}) => ({ SVC_BASE_URL: hostile.url, SVC_REPORTING_TOKEN: TOKEN, SVC_ORG_ID: ORG, ...extra });
const lines = (s: string) => s.split('\n').filter(Boolean);

describe('a pasted token is never echoed back', () => {
  it('svc invoices get <token>: the message masks it', async () => {
    change = undefined;
    const r = await svcBin(['invoices', 'get', TOKEN], env(), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain(TOKEN);
    expect(r.stderr).toContain('"rt_…4c3e"');
  });

  it('--month <token>: the usage message masks it, also a token that is in no variable', async () => {
    const r = await svcInProcess(['report', 'keys', '--month', TOKEN], env(), { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('svc: --month: must be YYYY-MM, e.g. 2026-10 (got "rt_…4c3e")\nRun "svc report keys --help" for usage.\n');
    const other = 'rt_somebody_else_0123456789abcdef';
    const o = await svcInProcess(['invoices', 'get', other], env(), { cwd: dir });
    expect(o.stderr).not.toContain(other);
    expect(o.stderr).toContain('rt_…cdef');
  });
});

describe('absurd figures and shapes from the server', () => {
  it('a 400-digit spend: refused naming the field, no Infinity, no workbook', async () => {
    change = { path: `/api/orgs/${ORG}/key-usage`, body: (t) => t.replace(/"spend_usd":\s*"[^"]*"/, `"spend_usd":"${'9'.repeat(400)}"`) };
    const r = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', 'cost.xlsx'], env(), { cwd: dir });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/spend_usd: expected a decimal string such as "12\.50", at most 15 digits before the point/);
    expect(r.stderr).not.toMatch(/Infinity|finite/);
    expect(existsSync(join(dir, 'cost.xlsx'))).toBe(false);
  });

  it('a field nested 100,000 deep: one line naming where, no "Maximum call stack"', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    change = { path: `/api/orgs/${ORG}/invoices/${OCT}`, body: (t) => t.replace(/^\{/, `{"extra":${deep},`) };
    const r = await svcInProcess(['invoices', 'get', OCT, '--json'], env(), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain('field extra[0][0]…: nested more than 64 levels deep');
    expect(r.stderr).not.toContain('Maximum call stack');
  });
});

describe('SVC_DEBUG on a 403', () => {
  it('shows the requests, and the refusal as one line without a stack trace', async () => {
    change = { path: `/api/orgs/${ORG}/invoices`, status: 403 };
    const r = await svcInProcess(['invoices', 'list'], env({ SVC_DEBUG: '1' }), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const errorLines = lines(r.stderr).filter((l) => !l.startsWith('svc: →') && !l.startsWith('svc: ←'));
    expect(errorLines, r.stderr).toHaveLength(1);
    expect(errorLines[0]).toBe('svc: invoices are not shared with this organization, or the token belongs to another organization');
  });
});
