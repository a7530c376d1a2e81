import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { nordlysAndFjordlineRun, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Issue 26: invalid UTF-8 from the server becomes U+FFFD, and svc says so once: one warning line
// on stderr naming the request and the field, and in the month end a note for that organization
// (manifest.json, summary.md, index.html, the terminal). A server in front of the reference
// server puts two bytes that are no UTF-8 (0xFF 0xFE) into invoice 2026-0142's buyer name.
// The built `svc` in-process (svcInProcess): its stdout, stderr and files are the subject.

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const ENDPOINT = `GET /api/orgs/org-nordlys/invoices/${ID}`;
const WARNING = `svc: warning: ${ENDPOINT}: the answer was not valid UTF-8; the bytes that were not show as U+FFFD (\ufffd) in buyer.legal_name`;

const reference = useReferenceServer();
let liar: FakeServer;
let dir: string;

beforeAll(async () => {
  liar = await startRewritingProxy(reference.url, (req, body) => {
    if (!req.url.startsWith(`/api/orgs/org-nordlys/invoices/${ID}`) || req.url.endsWith('/pdf')) return body;
    const name = Buffer.from('"Nordlys Analytics ApS"');
    const at = body.indexOf(name);
    // 0xFF and 0xFE never occur in UTF-8: a JSON string with bytes no decoder can read.
    return at < 0 ? body : Buffer.concat([body.subarray(0, at), Buffer.from('"Nordlys '), Buffer.from([0xff, 0xfe]), Buffer.from(' Analytics ApS"'), body.subarray(at + name.length)]);
  });
  dir = mkdtempSync(join(tmpdir(), 'svc-utf8-'));
});
afterAll(async () => {
  await liar?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ SVC_BASE_URL: liar.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });

describe('invalid UTF-8 in a JSON string from the server', () => {
  it('the server really sends the bytes (the test is not vacuous)', async () => {
    const res = await fetch(`${liar.url}/api/orgs/org-nordlys/invoices/${ID}`, { headers: { authorization: `Bearer ${tokenOf('org-nordlys')}`, 'user-agent': 'svc-test' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.includes(Buffer.from([0x20, 0xff, 0xfe, 0x20]))).toBe(true);
  });

  it('svc invoices get: shown as U+FFFD, and one warning line naming the request and the field', async () => {
    const r = await svcInProcess(['invoices', 'get', ID], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('To:      Nordlys \ufffd\ufffd Analytics ApS,');
    expect(r.stderr).toBe(`${WARNING}\n`);
  });

  it('svc invoices render: the same one line, the document still made', async () => {
    const r = await svcInProcess(['invoices', 'render', ID, '--format', 'xml', '-o', join(dir, 'r.xml')], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`${WARNING}\n`);
    expect(readFileSync(join(dir, 'r.xml'), 'utf8')).toContain('Nordlys \ufffd\ufffd Analytics ApS');
  });

  it('a clean answer gives no warning', async () => {
    const r = await svcInProcess(['invoices', 'get', ID], { ...env(), SVC_BASE_URL: reference.url });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('the month end: a note for that organization in manifest.json, summary.md, index.html and on the terminal', async () => {
    const { cfg, env: tokens } = nordlysAndFjordlineRun(dir, liar.url);
    const out = join(dir, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], tokens, { cwd: dir });
    // The invoice's PDF is refused (it would print U+FFFD in the buyer's name), by name; the rest is made.
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('buyer.legal_name: holds text that is not valid Unicode');
    const note = `${ENDPOINT}: the answer was not valid UTF-8; the bytes that were not show as U+FFFD (\ufffd) in buyer.legal_name`;
    const month = join(out, '2026-10');
    const manifest = JSON.parse(readFileSync(join(month, 'manifest.json'), 'utf8')) as { organizations: Array<{ org_id: string; status: string; notes?: string[] }> };
    const byId = new Map(manifest.organizations.map((o) => [o.org_id, o]));
    expect(byId.get('org-nordlys')!.notes).toEqual([note]);
    expect(byId.get('org-nordlys')!.status).toBe('failed');
    // One organization's answer is only that organization's note.
    expect(byId.get('org-fjordline')!.notes).toBeUndefined();
    const summary = readFileSync(join(month, 'summary.md'), 'utf8');
    expect(summary).toContain('the answer was not valid UTF-8');
    expect(summary.match(/not valid UTF-8/g)).toHaveLength(1);
    const page = readFileSync(join(month, 'index.html'), 'utf8');
    expect(page).toContain('the answer was not valid UTF-8');
    expect(`${r.stdout}${r.stderr}`).toContain('not valid UTF-8');
  }, 120_000);
});
