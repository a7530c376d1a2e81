// Issue 25 (1-3): a dataset the server cannot answer exactly stops the start, naming the file and
// the field or row, and one at the edge of exact integers is answered exactly, over real HTTP and
// through the client. Figures below are hand-made rows and their hand sums.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { call } from './_helpers.js';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/run.js';
import { serveCommand } from '../../src/cli/serve/serve.js';
import type { CommandIO } from '../../src/cli/_program/command.js';
import { SAMPLES, tokenOf, apiKey, PARTNER_TOKEN } from '../_harness/index.js';

/** `svc serve` in-process; it returns only when the start fails (a started server waits for a signal). */
async function serveFails(argv: string[]) {
  const stdout = new PassThrough(), stderr = new PassThrough();
  let out = '', err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const io = { stdin: new PassThrough(), stdout, stderr, env: {}, cwd: root } as unknown as CommandIO;
  const code = await runCli({ name: 'svc', summary: 'test root', commands: [serveCommand] }, ['serve', ...argv], io);
  return { code, out, err };
}

const root = mkdtempSync(join(tmpdir(), 'svc-limits-'));
let s: ReferenceServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

const HEADER = 'date,key_id,model,prompt_tokens,completion_tokens,cache_read_input_tokens,cache_creation_input_tokens,request_count,spend_micro_usd';
const ORG = 'org-kattegat';

/** The bundled samples with org-kattegat's usage replaced by `rows` and its org.json changed by `edit`. */
function dataset(rows: string[] | undefined, edit?: (org: any) => void): string {
  const dir = join(root, String(n++));
  cpSync(SAMPLES, dir, { recursive: true });
  if (rows) writeFileSync(join(dir, 'orgs', ORG, 'usage.csv'), [HEADER, ...rows].join('\n') + '\n');
  if (edit) {
    const file = join(dir, 'orgs', ORG, 'org.json');
    const org = JSON.parse(readFileSync(file, 'utf8'));
    edit(org);
    writeFileSync(file, JSON.stringify(org, null, 2));
  }
  return dir;
}

describe('a negative prepaid credit balance', () => {
  it('stops the start naming org.json and credits.balance_usd (no 500 per request later)', async () => {
    const dir = dataset(undefined, (org) => { org.credits = { balance_usd: '-12.50' }; });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      /orgs\/org-kattegat\/org\.json: credits\.balance_usd: expected a prepaid balance as a USD decimal string of at least 0/,
    );
  });
  it('svc serve refuses it with one message and exit 1, listening on nothing', async () => {
    const dir = dataset(undefined, (org) => { org.credits = { balance_usd: '-12.50' }; });
    const r = await serveFails(['--data', dir]);
    expect(r.code).toBe(1); // the data is at fault, not the command line (server README)
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/org-kattegat\/org\.json: credits\.balance_usd: /);
  });
  it('a balance of 0 is served, and the partner status of that customer answers', async () => {
    s = await startReferenceServer({ dataDir: dataset(undefined, (org) => { org.credits = { balance_usd: '0' }; }) });
    const key = apiKey('kattegat-002');
    const info = await call(s.url, '/key/info', { token: key });
    expect(info.status).toBe(200);
    expect(info.json.info.credits).toEqual({ balance_usd: '0' });
    const partner = await call(s.url, '/api/partner/status', { token: PARTNER_TOKEN });
    expect(partner.status).toBe(200);
    expect(partner.json.customers.map((c: { customer: { org_id: string } }) => c.customer.org_id)).toContain(ORG);
  });
});

describe('usage figures past 2^53 - 1', () => {
  const MAX = 9007199254740991; // 2^53 - 1
  it('a 20-digit spend_micro_usd stops the start naming usage.csv, its line and the column', async () => {
    const dir = dataset(['2026-11-02,kattegat-002,gpt-4.1,10,5,0,0,1,12345678901234567890']);
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      /orgs\/org-kattegat\/usage\.csv: line 2: column 9 \(spend_micro_usd\) is past 2\^53 − 1 \(9007199254740991\)/,
    );
  });
  it('an int64 token count past 2^53 (9007199254740993) stops the start; it is never served rounded', async () => {
    const dir = dataset(['2026-11-02,kattegat-002,gpt-4.1,9007199254740993,5,0,0,1,100']);
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/usage\.csv: line 2: column 4 \(prompt_tokens\) is past 2\^53 − 1/);
  });
  it('two rows of 5,000,000,000 USD on one key stop the start at the second row, where the total passes', async () => {
    const dir = dataset([
      '2026-11-02,kattegat-002,gpt-4.1,10,5,0,0,1,5000000000000000',
      '2026-11-03,kattegat-002,gpt-4.1,10,5,0,0,1,5000000000000000',
    ]);
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      /usage\.csv: line 3: the organization's total of spend_micro_usd passes 2\^53 − 1/,
    );
  });
  it('prompt + completion past 2^53 - 1 stops the start (total_tokens would not be exact)', async () => {
    const dir = dataset([`2026-11-02,kattegat-002,gpt-4.1,${MAX - 10},11,0,0,1,100`]);
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/line 2: the organization's total of total_tokens/);
  });

  it('totals of exactly 2^53 - 1 are served exactly by key-usage and monthly-usage, and read exactly by the client', async () => {
    // Hand sums: spend 4503599627370495 + 4503599627370496 = 9007199254740991 micro-USD = 9007199254.740991 USD;
    // prompt 2 × 4503599627370000 = 9007199254740000, completion 495 + 496 = 991, total 9007199254740991.
    const dir = dataset([
      '2026-11-02,kattegat-002,gpt-4.1,4503599627370000,495,0,0,3,4503599627370495',
      '2026-11-03,kattegat-002,gpt-4.1,4503599627370000,496,0,0,4,4503599627370496',
    ]);
    s = await startReferenceServer({ dataDir: dir });
    const ku = await call(s.url, '/api/orgs/org-kattegat/key-usage?month=2026-11', { token: tokenOf(ORG) });
    expect(ku.status).toBe(200);
    // The exact digits as sent, before any JSON number parsing.
    expect(ku.text).toContain('"spend_usd":"9007199254.740991"');
    expect(ku.text).toContain('"prompt_tokens":9007199254740000');
    expect(ku.text).toContain('"total_tokens":9007199254740991');
    const key = ku.json.keys.find((k: { id: string }) => k.id === 'kattegat-002');
    expect(key).toMatchObject({ spend_usd: '9007199254.740991', prompt_tokens: 9007199254740000, completion_tokens: 991, total_tokens: MAX, request_count: 7 });
    const mu = await call(s.url, '/api/orgs/org-kattegat/monthly-usage?months=1', { token: tokenOf(ORG) });
    expect(mu.status).toBe(200);
    expect(mu.json.months[0]).toMatchObject({ month: '2026-11-01', usd_spend: '9007199254.740991' });
    expect(mu.text).toContain('"total_tokens":9007199254740991');

    const client = new ReportingClient({ baseUrl: s.url, orgId: ORG, token: tokenOf(ORG), env: {} });
    const usage = await client.getKeyUsage({ month: '2026-11' });
    const entry = usage.keys.find((k) => k.id === 'kattegat-002')!;
    expect(entry.spend_usd.toFixed()).toBe('9007199254.740991');
    expect(entry.total_tokens).toBe(MAX);
    const monthly = await client.getMonthlyUsage({ months: 1 });
    expect(monthly.months[0]!.usd_spend.toFixed()).toBe('9007199254.740991');
  });
});
