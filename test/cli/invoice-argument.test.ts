import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../_pdf-text.js';
import { startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// What `svc invoices render` takes (issue 26, item 5), and an answer for another invoice than
// the one asked for (a hostile server in front of the reference server). The built `svc`: the
// first render as the real bin, the others and the month end the built code in-process.

const ORG = 'org-nordlys';
const OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e'; // 2026-0142
const SEP = '3d4e5f60-7182-4394-a5b6-c7d8e9f0a1b2'; // 2026-0098
const reference = useReferenceServer();
let liar: FakeServer;
let dir: string;

beforeAll(async () => {
  const list = (await (await fetch(`${reference.url}/api/orgs/${ORG}/invoices`, { headers: { authorization: `Bearer ${tokenOf(ORG)}`, 'user-agent': 'svc-test' } })).json()) as Array<{ id: string; invoice_number: string }>;
  // The ids above are the sample dataset's; a changed dataset should fail here, not later.
  expect(list.find((i) => i.invoice_number === '2026-0142')?.id).toBe(OCT);
  expect(list.find((i) => i.invoice_number === '2026-0098')?.id).toBe(SEP);
  // Passes everything to the reference server, but answers October's invoice with September's.
  liar = await startFakeServer((req, res) => {
    const path = req.url.replace(`/invoices/${OCT}`, `/invoices/${SEP}`);
    void fetch(`${reference.url}${path}`, { headers: { authorization: String(req.headers.authorization ?? ''), accept: String(req.headers.accept ?? '*/*'), 'user-agent': String(req.headers['user-agent'] ?? 'svc-test') } }).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
  dir = mkdtempSync(join(tmpdir(), 'svc-invoice-arg-'));
});
afterAll(async () => {
  await liar?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (baseUrl = reference.url) => ({ SVC_BASE_URL: baseUrl, SVC_REPORTING_TOKEN: tokenOf(ORG), SVC_ORG_ID: ORG });

describe('svc invoices render <what get takes>', () => {
  it('an invoice number, as svc invoices get takes it', async () => {
    const r = await svcBin(['invoices', 'render', '2026-0142', '-o', 'r.pdf'], env(), { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { text } = await pdfText(readFileSync(join(dir, 'r.pdf')));
    expect(text).toContain('2026-0142');
    expect(text).toContain('31.740,28');
  });

  it('a number no invoice has: one line saying an invoice id or number was looked for', async () => {
    const r = await svcInProcess(['invoices', 'render', '2026-9999', '-o', 'none.pdf'], env(), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^svc: .*an invoice with id or number "2026-9999" of org-nordlys/);
    expect(existsSync(join(dir, 'none.pdf'))).toBe(false);
  });

  it('a missing .json file: says there is no such file and what else it takes', async () => {
    const r = await svcInProcess(['invoices', 'render', 'nope.json'], env(), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('svc: invoice file nope.json: there is no such file (give an invoice JSON file, - for stdin, or an invoice id or number as "svc invoices get" takes)\n');
  });

  it('stdin larger than any invoice is refused at the cap, in one line, with no file', async () => {
    const huge = '[' + ' '.repeat(65 * 1024 * 1024) + ']';
    const r = await svcInProcess(['invoices', 'render', '-', '-o', 'big.pdf'], env(), { cwd: dir, stdin: huge });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('svc: invoice on stdin: more than 64 MB, far more than an invoice record (give the JSON of one invoice, as "svc invoices get ID --json" prints it)\n');
    expect(existsSync(join(dir, 'big.pdf'))).toBe(false);
  }, 60_000);
});

describe('an answer for another invoice than the one asked for', () => {
  const refusal = `field id: the answer is invoice "${SEP}", but "${OCT}" was asked for`;

  it('get and render refuse it naming both ids, and write nothing', async () => {
    const sub = mkdtempSync(join(dir, 'liar-'));
    const get = await svcInProcess(['invoices', 'get', OCT, '--json'], env(liar.url), { cwd: sub });
    expect(get.code).toBe(1);
    expect(get.stdout).toBe('');
    expect(get.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(get.stderr).toContain(refusal);
    const render = await svcInProcess(['invoices', 'render', OCT, '-o', 'oct.pdf'], env(liar.url), { cwd: sub });
    expect(render.code).toBe(1);
    expect(render.stderr).toContain(refusal);
    expect(readdirSync(sub)).toEqual([]);
  });

  it('the month end fails that organization rather than file September as 2026-0142', async () => {
    const cfg = join(dir, 'runs.json');
    writeFileSync(cfg, JSON.stringify({ base_url: liar.url, organizations: [{ org_id: ORG, name: 'Nordlys', token_env: 'NORDLYS_TOKEN' }] }));
    const out = join(dir, 'month-end');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--json'], { NORDLYS_TOKEN: tokenOf(ORG) }, { cwd: dir });
    expect(r.code).toBe(1);
    const manifest = JSON.parse(readFileSync(join(out, '2026-10', 'manifest.json'), 'utf8')) as { organizations: Array<{ status: string; error?: string }>; files: Array<{ path: string }> };
    expect(manifest.organizations[0]!.status).toBe('failed');
    expect(manifest.organizations[0]!.error).toContain(refusal);
    expect(manifest.files.map((f) => f.path).filter((p) => p.includes('2026-0142'))).toEqual([]);
    for (const ext of ['json', 'pdf', 'xml']) {
      const found = readdirSync(join(out, '2026-10'), { recursive: true }).map(String).filter((p) => p.endsWith(`invoice-2026-0142.${ext}`));
      expect(found).toEqual([]);
    }
  }, 60_000);
});
