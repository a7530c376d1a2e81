import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { configFor, readTokens, svcInProcess } from '../_harness/index.js';

// Issue 43: money the records contradict was printed as fact ("Usage −9,445.70 DKK", exit 0).
// A proxy in front of the reference server (a generated dataset) changes one record per
// organization, as a faulty service would send it:
// - org-00001: October's dkk_spend = usd_spend × 0.000001 (a rate of 0.000001 DKK per USD);
// - org-00002: October's dkk_spend = "-9445.70";
// - org-00003: October's dkk_spend = "0" with USD spend;
// - org-00004: key usage lists its first key twice;
// - org-00005: October's days list one day twice;
// - org-00006: a key's prompt_tokens = -5 (no record of usage can have it);
// - org-00007: as the service sent it.
// The built svc runs the month end. Each contradiction is a finding naming the record and the
// field, on the terminal, in summary.md, index.html, the manifest and the workbook's Summary
// sheet, and the figure it concerns is not shown (no DKK for the month); the negative count is
// refused where the record is read, failing that organization only.

let tmp: string;
let reference: ReferenceServer;
let proxy: FakeServer;
/** October's usd_spend per organization, as the service sent it. */
const octoberUsd = new Map<string, string>();
let duplicatedKey = '';
let repeatedDay = '';

type Json = Record<string, any>;
function rewrite(org: string, kind: string, body: Json): Json {
  if (kind === 'monthly-usage') {
    const october = (body.months as Json[]).find((m) => m.month === '2026-10-01');
    if (!october) return body;
    octoberUsd.set(org, october.usd_spend);
    if (org === 'org-00001') october.dkk_spend = new Decimal(october.usd_spend).times('0.000001').toFixed();
    if (org === 'org-00002') october.dkk_spend = '-9445.70';
    if (org === 'org-00003') october.dkk_spend = '0';
    if (org === 'org-00005') {
      repeatedDay = october.days[0].date;
      october.days[1] = { ...october.days[1], date: repeatedDay };
    }
  }
  if (kind === 'key-usage' && org === 'org-00004' && body.keys.length) {
    duplicatedKey = body.keys[0].id;
    body.keys.push(body.keys[0]);
  }
  if (kind === 'key-usage' && org === 'org-00006' && body.keys.length) body.keys[0].prompt_tokens = -5;
  return body;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'svc-contradicted-'));
  generateDataset({ orgs: 7, keysPerOrg: 3, months: 2, seed: 'contradicted-money', out: join(tmp, 'data') });
  reference = await startReferenceServer({ dataDir: join(tmp, 'data') });
  proxy = await startRewritingProxy(reference.url, (req, body, type) => {
    const m = /^\/api\/orgs\/([^/]+)\/(monthly-usage|key-usage)\b/.exec(req.url);
    if (!m || !type.includes('json')) return body;
    return JSON.stringify(rewrite(m[1]!, m[2]!, JSON.parse(body.toString('utf8')) as Json));
  });
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await reference?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Every cell of the workbook's first sheet (Summary), as text, read with SheetJS. */
function summarySheet(path: string): string[] {
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return Object.entries(sheet).filter(([k]) => !k.startsWith('!')).map(([, c]) => String((c as XLSX.CellObject).v ?? ''));
}

describe('money the records contradict is a finding, never a figure shown as fact', () => {
  it('the month end names each contradiction where a person looks, leaves its figure out, and fails only the organization whose record cannot be read', async () => {
    const tokens = await readTokens(join(tmp, 'data'));
    const { config, env } = configFor(proxy.url, tokens);
    const cfg = join(tmp, 'runs.json');
    writeFileSync(cfg, JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--language', 'en', '--concurrency', '2'], env, { cwd: tmp });
    expect(r.code, r.stderr).toBe(1);
    const month = join(out, '2026-10');
    const manifest = JSON.parse(readFileSync(join(month, 'manifest.json'), 'utf8')) as { in_progress?: boolean; organizations: Array<{ org_id: string; status: string; error?: string; cost: { usage_dkk: string | null; findings?: Array<{ code: string; record: string; path: string; message: string }> } | null }> };
    expect(manifest.in_progress).toBeUndefined();
    const org = (id: string) => manifest.organizations.find((o) => o.org_id === id)!;
    const summary = readFileSync(join(month, 'summary.md'), 'utf8').replace(/\\/g, '');
    const page = readFileSync(join(month, 'index.html'), 'utf8');

    // The three October DKK figures the USD contradicts: not known, a finding naming monthly-usage's field.
    const rated: Array<[string, string]> = [
      ['org-00001', new Decimal(octoberUsd.get('org-00001')!).times('0.000001').toFixed()],
      ['org-00002', '-9445.7'],
      ['org-00003', '0'],
    ];
    for (const [id, dkk] of rated) {
      const o = org(id);
      expect(o.status, id).toBe('ok');
      expect(o.cost!.usage_dkk, id).toBeNull();
      const f = o.cost!.findings!.find((x) => x.code === 'dkk_spend_implausible')!;
      expect(f.record).toBe('monthly-usage');
      expect(f.path).toMatch(/^months\[\d+\]\.dkk_spend$/);
      expect(f.message).toContain(`2026-10: dkk_spend ${dkk} for usd_spend ${octoberUsd.get(id)} is a rate of `);
      expect(f.message).toContain('outside 1-100 DKK per USD');
      const line = `Finding, monthly-usage, ${f.path}: ${f.message} [dkk_spend_implausible]`;
      expect(summary, id).toContain(line);
      expect(r.stderr, id).toContain(`finding monthly-usage, ${f.path}: ${f.message} [dkk_spend_implausible]`);
      expect(page, id).toContain('dkk_spend_implausible');
      // The workbook says it on its Summary sheet, and shows no such DKK.
      const cells = summarySheet(join(month, id, 'cost-2026-10.xlsx'));
      expect(cells, id).toContain(`monthly-usage, ${f.path}: ${f.message} [dkk_spend_implausible]`);
    }
    // The page's findings count links to the usage findings' lines (no invoice has a finding here).
    expect(page).toMatch(/href="#check-usageFindings"/);
    expect(page).toMatch(/id="check-usageFindings"/);
    // Never printed as a figure: not the negative usage, not 0.00 DKK of usage for USD spent.
    for (const text of [summary, page]) expect(text).not.toMatch(/9[.,]445[.,]70/);
    expect(summary).toContain('The records contradict this month\'s usage in DKK, so it is not known');

    // A key listed twice: a finding naming key-usage's field and the key.
    const keyFinding = org('org-00004').cost!.findings!.find((x) => x.code === 'key_repeated')!;
    expect(keyFinding).toMatchObject({ record: 'key-usage 2026-10' });
    expect(keyFinding.path).toMatch(/^keys\[\d+\]\.id$/);
    expect(keyFinding.message).toContain(`key ${JSON.stringify(duplicatedKey)} is listed again (first at keys[0])`);
    expect(summary).toContain(`Finding, key-usage 2026-10, ${keyFinding.path}:`);
    expect(summarySheet(join(month, 'org-00004', 'cost-2026-10.xlsx')).some((c) => c.includes('[key_repeated]'))).toBe(true);

    // A day listed twice.
    const dayFinding = org('org-00005').cost!.findings!.find((x) => x.code === 'day_repeated')!;
    expect(dayFinding.path).toMatch(/^months\[\d+\]\.days\[1\]\.date$/);
    expect(dayFinding.message).toBe(`2026-10: ${repeatedDay} is listed again (first at days[0]); the days' DKK, split by their USD, is wrong by its spend`);
    expect(summary).toContain('[day_repeated]');

    // A negative token count: refused where the record is read; that organization's workbook fails, naming the field.
    const negative = org('org-00006');
    expect(negative.status).toBe('failed');
    expect(negative.error).toMatch(/^cost_workbook: .*keys\[0\]\.prompt_tokens: a count of tokens, requests or keys cannot be negative/);
    expect(existsSync(join(month, 'org-00006', 'cost-2026-10.xlsx'))).toBe(false);

    // The organization whose records agree: no finding, its DKK as sent.
    expect(org('org-00007').status).toBe('ok');
    expect(org('org-00007').cost!.findings).toBeUndefined();
    expect(org('org-00007').cost!.usage_dkk).not.toBeNull();
  }, 180_000);

  it('svc report cost: the workbook is made and each finding is said on stderr, naming the record and field', async () => {
    const token = (await readTokens(join(tmp, 'data'))).orgs.find((o) => o.org_id === 'org-00002')!.token;
    const res = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', 'cost.xlsx', '--language', 'en'], { SVC_BASE_URL: proxy.url, SVC_REPORTING_TOKEN: token, SVC_ORG_ID: 'org-00002' }, { cwd: tmp });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`^svc: warning: monthly-usage, months\\[\\d+\\]\\.dkk_spend: 2026-10: dkk_spend -9445\\.7 for usd_spend ${octoberUsd.get('org-00002')!.replace('.', '\\.')} is a rate of .* \\[dkk_spend_implausible\\]$`, 'm'));
    expect(summarySheet(join(tmp, 'cost.xlsx')).some((c) => c.endsWith('[dkk_spend_implausible]'))).toBe(true);
  }, 60_000);

  it('svc report keys on a negative token count: exit 1, one line naming the field', async () => {
    const token = (await readTokens(join(tmp, 'data'))).orgs.find((o) => o.org_id === 'org-00006')!.token;
    const res = await svcInProcess(['report', 'keys', '--month', '2026-10'], { SVC_BASE_URL: proxy.url, SVC_REPORTING_TOKEN: token, SVC_ORG_ID: 'org-00006' }, { cwd: tmp });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/field keys\[0\]\.prompt_tokens: a count of tokens, requests or keys cannot be negative/);
  }, 60_000);
});
