// Promises of reporting-api.md the audit of issue 18 found broken (items 5, 7, 9), over real loopback HTTP.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { BadRequestError } from '../../src/client/errors/index.js';
import { call } from './_helpers.js';
import { SAMPLES, svc, tokenOf } from '../_harness/index.js';

/** A copy of the samples with one organization's org.json changed by `edit`. */
function samplesWith(orgId: string, edit: (org: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-spec-samples-'));
  cpSync(SAMPLES, dir, { recursive: true });
  const file = join(dir, 'orgs', orgId, 'org.json');
  const org = JSON.parse(readFileSync(file, 'utf8'));
  edit(org);
  writeFileSync(file, JSON.stringify(org, null, 2));
  return dir;
}

const started: ReferenceServer[] = [];
async function serve(dataDir?: string): Promise<ReferenceServer> {
  const s = await startReferenceServer(dataDir ? { dataDir } : {});
  started.push(s);
  return s;
}
let s: ReferenceServer;
beforeAll(async () => {
  s = await serve();
});
afterAll(async () => {
  for (const x of started) await x.close();
});

const keyUsage = async (server: ReferenceServer, org: string) => (await call(server.url, `/api/orgs/${org}/key-usage?month=2026-10`, { token: tokenOf(org) })).json;

describe('sort_options_alphabetically (item 5)', () => {
  it('true (Kattegat\'s department): key_fields options and by_field groups by label, ignoring case', async () => {
    const u = await keyUsage(s, 'org-kattegat');
    const dept = u.key_fields.find((f: any) => f.key === 'department');
    expect(dept.sort_options_alphabetically).toBe(true);
    // By hand from samples/orgs/org-kattegat/org.json.
    const sorted = ['Analytics', 'Bestyrelse', 'Data Engineering', 'Drift og vedligehold', 'Juridisk afdeling', 'Kundeservice'];
    expect(dept.options.map((o: any) => o.label)).toEqual(sorted);
    const groups = u.totals.by_field.find((f: any) => f.key === 'department').groups.filter((g: any) => g.value !== null);
    expect(groups.map((g: any) => g.label)).toEqual(sorted);
  });

  it('ignores case; absent means true; false keeps the given order', async () => {
    const dir = samplesWith('org-kattegat', (org) => {
      const dept = org.key_fields.find((f: any) => f.key === 'department');
      dept.options = [{ key: 'z', label: 'zulu' }, { key: 'b', label: 'Bravo' }, { key: 'a', label: 'alpha' }, { key: 'c', label: 'Charlie' }];
      delete dept.sort_options_alphabetically;
      // The keys hold one of the new options: a value outside a select field's options is refused at load (issue 37, R010).
      for (const k of org.keys) if (k.fields?.department !== undefined) k.fields.department = 'b';
      org.key_fields.push({ key: 'tier', display_name: 'Tier', type: 'select', sort_options_alphabetically: false, options: [{ key: 'g', label: 'Gold' }, { key: 's', label: 'Silver' }, { key: 'b', label: 'Bronze' }] });
    });
    const u = await keyUsage(await serve(dir), 'org-kattegat');
    const field = (k: string) => u.key_fields.find((f: any) => f.key === k);
    expect(field('department').options.map((o: any) => o.label)).toEqual(['alpha', 'Bravo', 'Charlie', 'zulu']);
    expect(field('tier').options.map((o: any) => o.label)).toEqual(['Gold', 'Silver', 'Bronze']);
    const groups = (k: string) => u.totals.by_field.find((f: any) => f.key === k).groups.filter((g: any) => g.value !== null).map((g: any) => g.label);
    expect(groups('department')).toEqual(['alpha', 'Bravo', 'Charlie', 'zulu']);
    expect(groups('tier')).toEqual(['Gold', 'Silver', 'Bronze']);
  });
});

describe('plan cost in a currency the agreed price lacks (item 7)', () => {
  it('the product is missing there, not priced at list; in its own currency it is the agreed price', async () => {
    const dir = samplesWith('org-fjordline', (org) => {
      const router = org.subscription.products.find((p: any) => p.service === 'llm_router');
      router.custom_amounts = { DKK: 298000 };
    });
    const server = await serve(dir);
    const get = async (currency: string) => (await call(server.url, `/api/orgs/org-fjordline/plan-cost?currency=${currency}`, { token: tokenOf('org-fjordline') })).json;
    const eur = await get('EUR');
    expect(eur.lines.filter((l: any) => l.service === 'llm_router')).toEqual([]);
    expect(eur.missing).toContainEqual({ service: 'llm_router', type: 'public_models', plan: null });
    expect(eur.total_monthly_cents).toBe(eur.lines.reduce((a: number, l: any) => a + l.line_total_cents, 0));
    const dkk = await get('DKK');
    expect(dkk.lines.find((l: any) => l.service === 'llm_router')).toMatchObject({ custom_price: true, unit_price_cents: 298000 });
    expect(dkk.missing.filter((m: any) => m.service === 'llm_router')).toEqual([]);
  });
});

describe('smaller promises (item 9)', () => {
  const NORDLYS_OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';

  it('an invoice id in upper case is the same invoice (UUIDs are case-insensitive on input), JSON and PDF', async () => {
    const token = tokenOf('org-nordlys');
    const lower = await call(s.url, `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT}`, { token });
    const upper = await call(s.url, `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT.toUpperCase()}`, { token });
    expect(upper.status).toBe(200);
    expect(upper.text).toBe(lower.text);
    const pdf = await call(s.url, `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT.toUpperCase()}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('months=100000 is refused by the rule of each endpoint, with no impossible date', async () => {
    // monthly-usage: months is 0-60 (spec §4); key-usage: the spec gives only a minimum, so the
    // 366-day rule refuses it, as it does months=14 (spec §4 rule 4).
    const expected = { 'monthly-usage': /^months must be at most 60/, 'key-usage': /^months=100000 covers more than 366 days/ };
    for (const [path, message] of Object.entries(expected)) {
      const r = await call(s.url, `/api/orgs/org-nordlys/${path}?months=100000`, { token: tokenOf('org-nordlys') });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(message);
      expect(r.json.message).not.toMatch(/-\d{6}/);
    }
    const int32 = await call(s.url, '/api/orgs/org-nordlys/key-usage?months=2147483648', { token: tokenOf('org-nordlys') });
    expect([int32.status, int32.json.message]).toEqual([400, 'months must be at most 2147483647 (got "2147483648")']);
  });

  it.each([
    ['?months=13', /^months=13 /],
    ['?month=2027-01', /^month=2027-01 /],
    ['?year=2027', /^year=2027 /],
    ['?start_date=2026-12-01&end_date=2026-12-31', /^start_date=2026-12-01 to end_date=2026-12-31 /],
  ])('every key-usage 400 names its parameter: %s', async (q, named) => {
    const r = await call(s.url, `/api/orgs/org-nordlys/key-usage${q}`, { token: tokenOf('org-nordlys') });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(named);
  });

  it('a 400\'s hint names the parameter the reason is about, or what was sent when it names none', async () => {
    const client = new ReportingClient({ baseUrl: s.url, orgId: 'org-nordlys', token: tokenOf('org-nordlys'), env: {}, maxRetries: 0 });
    // A year after the server's today: only the server knows its today, so the client sends it.
    const err = (await client.getKeyUsage({ year: 2027 }).catch((e: unknown) => e)) as BadRequestError;
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.hint).toBe('check year');
    const vague = new BadRequestError('GET /x', 'the request could not be served', [['month', '2026-10']]);
    expect(vague.hint).toBe('the request sent month=2026-10');
    const cli = await svc(['report', 'keys', '--year', '2027'], { env: { SVC_BASE_URL: s.url, SVC_ORG_ID: 'org-nordlys', SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), NO_COLOR: '1' }, cwd: tmpdir() });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('year=2027 starts 2027-01-01, after today');
    expect(cli.stderr).toContain('(check year)');
    expect(cli.stderr).not.toContain('named above');
  });
});
