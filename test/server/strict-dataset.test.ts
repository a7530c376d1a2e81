// Issue 37: the reference server as strict as the spec. A dataset that breaks one of the spec's
// invariants is refused at load, naming the file, the row or line and the field, instead of being
// served (and then refused by the client, or reported as truth): R007 cache reads within
// prompt_tokens, R008 no spend on hosted models, R010 KeyFieldValue types, R063 int32 fields of
// plan-cost, and plan-cost's int64 products exact (R104). Each on a dataset made for it from the
// bundled samples; expected figures by hand.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { encodeUsageBin } from '../../src/server/dataset/_usage-bin.js';
import { call } from './_helpers.js';
import { SAMPLES, svcBin, tokenOf } from '../_harness/index.js';

const root = mkdtempSync(join(tmpdir(), 'svc-strict-'));
let s: ReferenceServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

const HEADER = 'date,key_id,model,prompt_tokens,completion_tokens,cache_read_input_tokens,cache_creation_input_tokens,request_count,spend_micro_usd';
type Json = any;

/** A copy of the bundled samples; `usage` replaces org-kattegat's rows, `org` edits its org.json, `meta` dataset.json. */
function dataset(o: { usage?: string[]; org?: (org: Json) => void; meta?: (meta: Json) => void } = {}): string {
  const dir = join(root, String(n++));
  cpSync(SAMPLES, dir, { recursive: true });
  if (o.usage) writeFileSync(join(dir, 'orgs', 'org-kattegat', 'usage.csv'), [HEADER, ...o.usage].join('\n') + '\n');
  const edit = (file: string, change: (v: Json) => void) => {
    const v = JSON.parse(readFileSync(file, 'utf8'));
    change(v);
    writeFileSync(file, JSON.stringify(v, null, 2));
  };
  if (o.org) edit(join(dir, 'orgs', 'org-kattegat', 'org.json'), o.org);
  if (o.meta) edit(join(dir, 'dataset.json'), o.meta);
  return dir;
}

const USAGE = 'orgs/org-kattegat/usage\\.csv';
const ORG = 'orgs/org-kattegat/org\\.json';

describe('R007: cache reads and writes are parts of prompt_tokens', () => {
  it('cache reads 500 with prompt 100 is refused naming usage.csv, the line and both columns', async () => {
    const dir = dataset({ usage: ['2026-11-02,kattegat-002,gpt-4.1,100,5,500,0,1,100'] });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${USAGE}: line 2: cache_read_input_tokens 500 is more than prompt_tokens 100: cache reads are a subset of prompt_tokens`),
    );
  });
  it('cache writes past prompt, and reads + writes past prompt, are refused too', async () => {
    await expect(startReferenceServer({ dataDir: dataset({ usage: ['2026-11-02,kattegat-002,gpt-4.1,100,5,0,101,1,100'] }) })).rejects.toThrow(
      /line 2: cache_creation_input_tokens 101 is more than prompt_tokens 100/,
    );
    await expect(startReferenceServer({ dataDir: dataset({ usage: ['2026-11-02,kattegat-002,gpt-4.1,100,5,0,0,1,100', '2026-11-03,kattegat-002,gpt-4.1,100,5,60,41,1,100'] }) })).rejects.toThrow(
      /line 3: cache_read_input_tokens 60 \+ cache_creation_input_tokens 41 is more than prompt_tokens 100/,
    );
  });
  it('in usage.bin the row is named by its number', async () => {
    const dir = dataset();
    const nums = [[100, 100], [5, 5], [0, 500], [0, 0], [1, 1], [100, 100]].map((c) => Float64Array.from(c));
    const day = Int32Array.from([20394, 20395]); // 2025-11-02, 2025-11-03
    const bin = encodeUsageBin({ length: 2, day, key: Int32Array.from([0, 0]), model: Int32Array.from([0, 0]), nums }, ['kattegat-002'], ['gpt-4.1']);
    writeFileSync(join(dir, 'orgs', 'org-kattegat', 'usage.bin'), bin);
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/orgs\/org-kattegat\/usage\.bin: row 2: cache_read_input_tokens 500 is more than prompt_tokens 100/);
  });
  it('reads + writes equal to prompt is served, and key-usage reports the row as it is', async () => {
    s = await startReferenceServer({ dataDir: dataset({ usage: ['2026-11-02,kattegat-002,gpt-4.1,100,5,60,40,1,100'] }) });
    const r = await call(s.url, '/api/orgs/org-kattegat/key-usage?month=2026-11', { token: tokenOf('org-kattegat') });
    expect(r.status).toBe(200);
    expect(r.json.totals).toMatchObject({ prompt_tokens: 100, cache_read_input_tokens: 60, cache_creation_input_tokens: 40, spend_usd: '0.0001' });
  });
});

describe('R008: models the service hosts spend 0', () => {
  it('a row on svc-chat-large with spend 5 USD is refused naming the line, the column and the model', async () => {
    const dir = dataset({ usage: ['2026-11-02,kattegat-002,svc-chat-large,100,5,0,0,1,5000000'] });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${USAGE}: line 2: spend_micro_usd 5000000 on model "svc-chat-large", which the service hosts \\(service_hosted: true\\): hosted models are covered by the subscription, spend 0`),
    );
  });
  it('the same row at spend 0 is served; spend on a row without a model (external) is too', async () => {
    s = await startReferenceServer({ dataDir: dataset({ usage: ['2026-11-02,kattegat-002,svc-chat-large,100,5,0,0,1,0', '2026-11-02,kattegat-002,,10,5,0,0,1,7000'] }) });
    const r = await call(s.url, '/api/orgs/org-kattegat/key-usage?month=2026-11', { token: tokenOf('org-kattegat') });
    expect(r.json.totals.spend_usd).toBe('0.007');
  });
});

describe('R010: KeyFieldValue is of its field\'s type', () => {
  it('a select value outside the field\'s options is refused naming org.json, the key and the field', async () => {
    const dir = dataset({ org: (org) => { org.keys[2].fields.department = 'marketing'; } });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${ORG}: keys\\[2\\]\\.fields\\.department: key "kattegat-003": "marketing" is not the key of one of the select field "department"'s options \\("analytics", `),
    );
  });
  it('"yes" for a boolean field is refused', async () => {
    const dir = dataset({ org: (org) => { org.keys[0].fields.production = 'yes'; } });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${ORG}: keys\\[0\\]\\.fields\\.production: key "kattegat-001": "yes" is not true or false, which the boolean field "production" takes`),
    );
  });
  it('a value for a field the organization does not have, a wrong default, a repeated option key: each refused by name', async () => {
    await expect(startReferenceServer({ dataDir: dataset({ org: (org) => { org.keys[1].fields.team = 'x'; } }) })).rejects.toThrow(
      /keys\[1\]\.fields\.team: key "kattegat-002": "team" is not the key of one of the organization's key_fields/,
    );
    await expect(startReferenceServer({ dataDir: dataset({ org: (org) => { org.key_fields[1].default_value = 'no'; } }) })).rejects.toThrow(
      /key_fields\[1\]\.default_value: "no" is not true or false/,
    );
    await expect(startReferenceServer({ dataDir: dataset({ org: (org) => { org.key_fields[0].options[1].key = 'analytics'; } }) })).rejects.toThrow(
      /key_fields\[0\]\.options\[1\]\.key: "analytics" is the key of an earlier option too/,
    );
  });
  it('svc serve refuses such a dataset with one line and exit 1', async () => {
    const dir = dataset({ org: (org) => { org.keys[0].fields.production = 'yes'; } });
    const r = await svcBin(['serve', '--data', dir, '--port', '0'], {}, { killAfterMs: 30_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('orgs/org-kattegat/org.json: keys[0].fields.production: key "kattegat-001": "yes" is not true or false');
  }, 40_000);
});

describe('R063: plan-cost\'s int32 fields', () => {
  it('a price of 3,000,000,000 minor units is refused naming dataset.json and the price', async () => {
    const dir = dataset({ meta: (meta) => { meta.prices[6].amounts.DKK = 3_000_000_000; } });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      /dataset\.json: prices\[6\]\.amounts\.DKK: a price is plan-cost's unit_price_cents, an int32: at most 2147483647 minor units/,
    );
  });
  it('an agreed price and a seat count past int32 are refused naming org.json and the field', async () => {
    await expect(startReferenceServer({ dataDir: dataset({ org: (org) => { org.subscription.products[1].custom_amounts = { EUR: 3_000_000_000 }; } }) })).rejects.toThrow(
      new RegExp(`${ORG}: subscription\\.products\\[1\\]\\.custom_amounts\\.EUR: a price is plan-cost's unit_price_cents, an int32`),
    );
    await expect(startReferenceServer({ dataDir: dataset({ org: (org) => { org.subscription.dev_seats[0].seats = 3_000_000_000; } }) })).rejects.toThrow(
      new RegExp(`${ORG}: subscription\\.dev_seats\\[0\\]\\.seats: seats are plan-cost's quantity, an int32`),
    );
  });
  it('seats that add up past int32 (plan-cost\'s seats) are refused, each entry within it', async () => {
    const dir = dataset({ org: (org) => { org.subscription.dev_seats = [{ plan: 'max', seats: 2_000_000_000 }, { plan: 'pro', seats: 2_000_000_000 }]; } });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${ORG}: subscription\\.dev_seats: the seats add up to 4000000000, past int32 \\(2147483647\\)`),
    );
  });
});

describe('R104: line_total_cents = unit_price_cents × quantity, exact in int64', () => {
  it('2147483647 × 2147483647 is answered as 4611686014132420609, and the total exactly', async () => {
    const dir = dataset({
      meta: (meta) => { meta.prices[6].amounts.DKK = 2147483647; },
      org: (org) => { org.subscription.dev_seats = [{ plan: 'max', seats: 2147483647 }]; },
    });
    s = await startReferenceServer({ dataDir: dir });
    const r = await call(s.url, '/api/orgs/org-kattegat/plan-cost', { token: tokenOf('org-kattegat') });
    expect(r.status).toBe(200);
    // By hand: (2^31 − 1)² = 2^62 − 2^32 + 1 = 4611686014132420609; plus core plan large 2950000 and
    // control 250000 (samples/dataset.json): 4611686014135620609. The digits as sent, before any JSON parse.
    expect(r.text).toContain('"unit_price_cents":2147483647,"quantity":2147483647,"line_total_cents":4611686014132420609,');
    expect(r.text).toContain('"total_monthly_cents":4611686014135620609,');
    expect(r.text).toContain('"seats":2147483647,');
  });
  it('lines that add up past int64 are refused at load, naming the currency', async () => {
    // Four per-seat lines of 4611686014132420609 each: 18446744056529682436, past 2^63 − 1.
    const dir = dataset({
      meta: (meta) => {
        for (const i of [6, 7, 8, 9]) Object.assign(meta.prices[i], { is_per_user: true, amounts: { DKK: 2147483647 } });
      },
      org: (org) => {
        org.subscription.dev_seats = [{ plan: 'max', seats: 2147483647 }];
        org.subscription.products = ['llm_router/public_models', 'control/management', 'connect/integrations'].map((p) => ({ service: p.split('/')[0], type: p.split('/')[1] }));
      },
    });
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(
      new RegExp(`${ORG}: subscription: the monthly lines in DKK add up to 18446744056529682436 minor units, past int64 \\(9223372036854775807\\)`),
    );
  });
});
