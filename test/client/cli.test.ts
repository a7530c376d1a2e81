import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText } from '../_pdf-text.js';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLES_DIR, type ReferenceServer, startReferenceServer } from '../../src/server/index.js';
import { ALL_TOKENS, svc, tokenOf, type SvcResult } from '../_harness/index.js';

let server: ReferenceServer;
let env: Record<string, string>;
const results: SvcResult[] = [];
beforeAll(async () => {
  server = await startReferenceServer();
  env = { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' };
});
afterAll(() => server.close());

/** `svc argv` into a pipe, or with `columns` on a terminal that wide. */
async function run(argv: string[], extraEnv: Record<string, string | undefined> = {}, cwd?: string, columns?: number): Promise<SvcResult> {
  const r = await svc(argv, { env: { ...env, ...extraEnv }, cwd: cwd, columns: columns });
  results.push(r);
  return r;
}

describe('svc invoices', () => {
  it('list: a table newest first, and --json', async () => {
    const r = await run(['invoices', 'list'], {}, undefined, 80);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NUMBER\s+STATUS\s+PERIOD\s+DUE\s+TOTAL\s+ID$/);
    expect(lines[1]).toContain('2026-0142');
    expect(lines[1]).toContain('31,740.28 DKK');
    expect(lines[2]).toMatch(/2026-0131\s+VOID/);
    const json = JSON.parse((await run(['invoices', 'list', '--json'])).stdout) as Array<{ id: string }>;
    expect(json).toHaveLength(3);
    // 80 columns: ids shortened to 8 characters, which get/pdf/render accept.
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines[2]).toMatch(/\s0b9a8c7d$/);
    expect(lines.at(-1)).toContain('--json for full ids');
    const voided = await run(['invoices', 'get', '0b9a8c7d']);
    expect(voided.code).toBe(0);
    expect(voided.stdout).toContain('Invoice 2026-0131  VOID  (0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d)');
    expect((await run(['invoices', 'get', 'ffffffff'])).code).toBe(1);
    // Into a pipe: full rows, so the full ids.
    const piped = await run(['invoices', 'list']);
    expect(piped.stdout.split('\n')[2]).toMatch(/\s0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d$/);
    expect(piped.stdout).not.toContain('--json for full ids');
  });

  it('get --json prints the record as the API sent it; by number or id', async () => {
    const sample = JSON.parse(readFileSync(join(BUNDLED_SAMPLES_DIR, 'invoices', 'nordlys-2026-10.json'), 'utf8')) as unknown;
    expect(JSON.parse((await run(['invoices', 'get', '2026-0142', '--json'])).stdout)).toEqual(sample);
    const text = await run(['invoices', 'get', '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e']);
    expect(text.stdout).toContain('Invoice 2026-0142');
    expect(text.stdout).toMatch(/Total DKK\s+31,740\.28/);
    expect(text.stdout).toMatch(/of which Anthropic.*\(4,905\.86\)/);
  });

  it('pdf -o saves a PDF a reader opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-pdf-'));
    const r = await run(['invoices', 'pdf', '2026-0142', '-o', 'inv.pdf'], {}, dir);
    expect(r.code).toBe(0);
    const { pages, text } = await pdfText(readFileSync(join(dir, 'inv.pdf')));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('2026-0142');
  });

  it('a failed pdf leaves an existing file untouched and no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-pdf-'));
    writeFileSync(join(dir, 'keep.pdf'), 'old');
    const r = await run(['invoices', 'pdf', '00000000-0000-4000-8000-000000000000', '-o', 'keep.pdf'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^svc: invoice 00000000-0000-4000-8000-000000000000 of org-nordlys was not found \(list the organization's invoices with "svc invoices list"\)\n$/);
    expect(readFileSync(join(dir, 'keep.pdf'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['keep.pdf']);
  });

  it('render <uuid> fetches the invoice with the reporting client and renders it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-render-'));
    const r = await run(['invoices', 'render', '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', '-o', 'ours.pdf'], {}, dir);
    expect(r.code).toBe(0);
    const { text } = await pdfText(readFileSync(join(dir, 'ours.pdf')));
    expect(text).toContain('2026-0142');
    const unset = await run(['invoices', 'render', '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', '-o', 'x.pdf'], { SVC_REPORTING_TOKEN: undefined }, dir);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('set SVC_REPORTING_TOKEN');
    expect(readdirSync(dir)).toEqual(['ours.pdf']);
  });

  it('render takes its connection from --base-url and --org, and a short id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-render-'));
    const noEnv = { SVC_BASE_URL: undefined, SVC_ORG_ID: undefined };
    const r = await run(['invoices', 'render', '3d4e5f60', '--base-url', server.url, '--org', 'org-nordlys', '-o', 'sep.pdf'], noEnv, dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { text } = await pdfText(readFileSync(join(dir, 'sep.pdf')));
    expect(text).toContain('2026-0098');
    const other = await run(['invoices', 'render', '3d4e5f60', '--base-url', server.url, '--org', 'org-kattegat', '-o', 'x.pdf'], noEnv, dir);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/^svc: this token belongs to another organization/);
    expect(readdirSync(dir)).toEqual(['sep.pdf']);
  });

  it('unknown invoice number says what to do', async () => {
    const r = await run(['invoices', 'get', '2099-0001']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('svc invoices list');
  });
});

describe('svc report', () => {
  it('keys: a table that fits 80 columns with a TOTAL row', async () => {
    const r = await run(['report', 'keys', '--month', '2026-10'], {}, undefined, 80);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines.at(-1)).toMatch(/^TOTAL \(9 keys\)\s+276,971\s+.*1,234\.56$/);
    const long = await run(['report', 'keys', '--start-date', '2024-11-01', '--end-date', '2026-10-31']);
    expect(long.code).toBe(0);
    expect(long.stdout).toContain('(deleted key)');
  });

  it('keys --csv: RFC 4180 a spreadsheet reader reads, figures exact', async () => {
    const csv = (await run(['report', 'keys', '--month', '2026-10', '--csv'])).stdout;
    expect(csv.endsWith('\r\n')).toBe(true);
    const json = JSON.parse((await run(['report', 'keys', '--month', '2026-10', '--json'])).stdout) as {
      keys: Array<{ id: string; spend_usd: string; total_tokens: number }>;
    };
    const wb = XLSX.read(csv, { type: 'string', raw: true });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets[wb.SheetNames[0]!]!, { raw: false });
    expect(rows.map((r) => r.key_id)).toEqual(json.keys.map((k) => k.id));
    expect(rows.map((r) => r.spend_usd)).toEqual(json.keys.map((k) => k.spend_usd));
    expect(rows[0]!['field:team']).toBe('Platform');
  });

  it('keys: bad period flags are named', async () => {
    const both = await run(['report', 'keys', '--month', '2026-10', '--year', '2026']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--month, --year');
    const half = await run(['report', 'keys', '--start-date', '2026-10-01']);
    expect(half.stderr).toContain('--start-date: requires --end-date');
    expect((await run(['report', 'keys', '--json', '--csv'])).code).toBe(2);
  });

  it('monthly-usage: table and --json; --months is bounded', async () => {
    const t = await run(['report', 'monthly-usage']);
    expect(t.stdout).toMatch(/^2026-11 .*\*$/m);
    for (const l of t.stdout.split('\n')) expect([...l].length).toBeLessThanOrEqual(80);
    expect(t.stdout).toMatch(/^ {2}spend -25\.0 %, tokens -35\.7 %, requests -34\.4 %$/m);
    const j = JSON.parse((await run(['report', 'monthly-usage', '--months', '24', '--json'])).stdout) as { months: unknown[] };
    expect(j.months).toHaveLength(24);
    const bad = await run(['report', 'monthly-usage', '--months', '61']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--months');
  });

  it('plan-cost: per currency; unknown currency refused', async () => {
    const j = JSON.parse((await run(['report', 'plan-cost', '--currency', 'EUR', '--json'])).stdout) as { currency: string; total_monthly_cents: number };
    expect(j.currency).toBe('EUR');
    const t = await run(['report', 'plan-cost']);
    expect(t.stdout).toMatch(/TOTAL per month\s+[\d,.]+\s+DKK/);
    for (const l of t.stdout.split('\n')) expect([...l].length).toBeLessThanOrEqual(80);
    // A part-month line keeps its footnote marker whole, and the footnote says which days.
    expect(t.stdout).toMatch(/^private_llm\s+coding\s+go\s+2\s+99\.50\s+199\.00\s+\[2\] per seat$/m);
    expect(t.stdout).toContain('[2] part month: private_llm coding go only 2026-11-16 – 2026-11-30');
    expect((await run(['report', 'plan-cost', '--currency', 'GBP'])).code).toBe(2);
  });
});

describe('errors: one line that says what to do, exit 1', () => {
  it('403 usage not shared', async () => {
    const r = await run(['report', 'keys'], { SVC_REPORTING_TOKEN: tokenOf('org-fjordline'), SVC_ORG_ID: 'org-fjordline' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('svc: usage is not shared with this organization (ask the service to share usage with the organization)\n');
  });

  it('--org overrides the environment (and is refused for another organization)', async () => {
    const r = await run(['invoices', 'list', '--org', 'org-kattegat']);
    expect(r.stderr).toMatch(/^svc: this token belongs to another organization \(.*SVC_ORG_ID.*\)\n$/);
  });

  it('409 needs attention', async () => {
    const r = await run(['invoices', 'list'], { SVC_REPORTING_TOKEN: tokenOf('org-havblik'), SVC_ORG_ID: 'org-havblik' });
    expect(r.stderr).toContain("svc: the organization's setup needs attention on the service's side");
    expect(r.code).toBe(1);
  });

  it('missing configuration names the variable', async () => {
    for (const name of ['SVC_REPORTING_TOKEN', 'SVC_ORG_ID', 'SVC_BASE_URL']) {
      const r = await run(['report', 'plan-cost'], { [name]: undefined });
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')[0]).toContain(`set ${name}`);
    }
  });

  it('SVC_DEBUG shows requests, never the token', async () => {
    const r = await run(['report', 'plan-cost'], { SVC_DEBUG: '1' });
    expect(r.stderr).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/api\/orgs\/org-nordlys\/plan-cost \(authorization: Bearer \*\*\*/);
    const bad = await run(['report', 'keys'], { SVC_DEBUG: '1', SVC_REPORTING_TOKEN: 'rt_typo_secret_value' });
    expect(bad.stderr).not.toContain('rt_typo_secret_value');
    for (const res of results) for (const t of ALL_TOKENS) expect(res.stdout + res.stderr).not.toContain(t);
  });
});
