import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { nordlysAndFjordlineRun, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Issue 43: the invoice list and the invoice record disagree on Nordlys's October invoice
// number. A proxy in front of the reference server answers the list with "LIST-2026-0142"
// while the record says "2026-0142" (as the bundled sample does). Files are named from the list
// and say what the record says, so the built svc refuses the invoice, naming both numbers:
// the month end fails Nordlys only (Fjordline's invoice is made), and `svc invoices get` and
// `render` by the listed number write nothing.

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const reference = useReferenceServer();
let proxy: FakeServer;
let dir: string;

beforeAll(async () => {
  proxy = await startRewritingProxy(reference.url, (req, body, type) =>
    type.includes('json') && req.url.split('?')[0] === '/api/orgs/org-nordlys/invoices' ? body.toString('utf8').replace('"invoice_number":"2026-0142"', '"invoice_number":"LIST-2026-0142"') : body,
  );
  dir = mkdtempSync(join(tmpdir(), 'svc-listed-'));
});
afterAll(async () => {
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

const MISMATCH = `invoice ${ID}: the invoice list says invoice_number "LIST-2026-0142", the invoice record says "2026-0142"`;

describe('the invoice list and the invoice record disagree on the invoice number', () => {
  it('the proxy really answers the list with the other number (the test is not vacuous)', async () => {
    const res = await fetch(`${proxy.url}/api/orgs/org-nordlys/invoices`, { headers: { authorization: `Bearer ${tokenOf('org-nordlys')}`, 'user-agent': 'svc-test' } });
    const list = (await res.json()) as Array<{ id: string; invoice_number: string }>;
    expect(list.find((i) => i.id === ID)?.invoice_number).toBe('LIST-2026-0142');
  });

  it('svc month-end fails that organization, naming both numbers; no file of it is named by either; the other organization is done and the run\'s pages are written', async () => {
    const { cfg, env } = nordlysAndFjordlineRun(dir, proxy.url);
    const out = join(dir, 'run');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env, { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(MISMATCH);
    const month = join(out, '2026-10');
    const manifest = JSON.parse(readFileSync(join(month, 'manifest.json'), 'utf8'));
    expect(manifest.in_progress).toBeUndefined();
    const nordlys = manifest.organizations.find((o: { org_id: string }) => o.org_id === 'org-nordlys');
    expect(nordlys.status).toBe('failed');
    expect(nordlys.error).toContain(MISMATCH);
    const files = readdirSync(month, { recursive: true }).map(String);
    expect(files.filter((f) => /LIST-2026-0142|invoice-2026-0142/.test(f))).toEqual([]);
    const fjordline = manifest.organizations.find((o: { org_id: string }) => o.org_id === 'org-fjordline');
    expect(fjordline.status).toBe('ok');
    expect(files).toContain(join('org-fjordline', 'invoice-2026-0143.pdf'));
    for (const page of ['summary.md', 'index.html']) expect(readFileSync(join(month, page), 'utf8').replace(/\\/g, ''), page).toContain('LIST-2026-0142');
  }, 90_000);

  it('svc invoices get and render by the listed number: exit 1, one line naming both, no file', async () => {
    const env = { SVC_BASE_URL: proxy.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' };
    const get = await svcInProcess(['invoices', 'get', 'LIST-2026-0142'], env, { cwd: dir });
    expect(get.code).toBe(1);
    expect(get.stdout).toBe('');
    expect(get.stderr).toContain(MISMATCH);
    const cwd = mkdtempSync(join(dir, 'render-'));
    const render = await svcInProcess(['invoices', 'render', 'LIST-2026-0142', '--format', 'both'], env, { cwd });
    expect(render.code).toBe(1);
    expect(render.stderr).toContain(MISMATCH);
    expect(readdirSync(cwd)).toEqual([]);
    // By its id nothing is compared with the list, and the record's own number names the file.
    const byId = await svcInProcess(['invoices', 'render', ID, '--format', 'xml'], env, { cwd });
    expect(byId.code, byId.stderr).toBe(0);
    expect(existsSync(join(cwd, '2026-0142.xml'))).toBe(true);
  }, 60_000);
});
