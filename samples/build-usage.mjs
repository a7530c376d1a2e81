#!/usr/bin/env node
// Writes samples/orgs/*/usage.csv from the org files and dataset.json, deterministically (no clock,
// seeded PRNG), so the committed usage can be rebuilt and checked: `node samples/build-usage.mjs`.
// Spend is recorded per row in integer micro-dollars; a few months are scaled to match the sample
// invoices (nordlys 2026-09 USD 987.65, 2026-10 USD 1234.56; fjordline 2026-10 USD 812.40).
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const meta = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8'));
const DAY = 86_400_000;
const day = (s) => Date.parse(s.slice(0, 10) + 'T00:00:00Z') / DAY;
const fmt = (d) => new Date(d * DAY).toISOString().slice(0, 10);
const TODAY = day(meta.today);
const FIRST = day('2025-08-01');
const models = new Map(meta.models.map((m) => [m.id, m]));
const TARGETS = { 'org-nordlys': { '2026-09': 987_650_000, '2026-10': 1_234_560_000 }, 'org-fjordline': { '2026-10': 812_400_000 } };
/** Overall traffic per organization, so scaled months stay close to their neighbours. */
const ORG_VOLUME = { 'org-nordlys': 22, 'org-fjordline': 90 };

function rng(seedText) {
  let h = 1779033703;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 3432918353), (h = (h << 13) | (h >>> 19));
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const priceMicro = (tokens, perMtok) => Math.round(tokens * Number(perMtok ?? 0)); // perMtok has <= 2 decimals

function spendOf(m, p, c, cr, cw) {
  if (m.service_hosted) return 0;
  return priceMicro(p - cr - cw, m.input_usd_per_mtok) + priceMicro(c, m.output_usd_per_mtok) +
    priceMicro(cr, m.cache_read_usd_per_mtok ?? m.input_usd_per_mtok) + priceMicro(cw, m.cache_write_usd_per_mtok ?? m.input_usd_per_mtok);
}

/** Heavier-than-usual keys, so limits and blocks in the samples are reached for real. */
const VOLUME = { 'key-nl-004': 6, 'key-nl-001': 3, 'key-nl-009': 0 };

for (const orgId of readdirSync(join(dir, 'orgs')).sort()) {
  const org = JSON.parse(readFileSync(join(dir, 'orgs', orgId, 'org.json'), 'utf8'));
  const rows = [];
  for (const key of org.keys) {
    const r = rng(key.id);
    const volume = (VOLUME[key.id] ?? 0.5 + r() * 1.5) * (ORG_VOLUME[orgId] ?? 1);
    if (volume === 0) continue;
    const pool = (key.models.length ? key.models : org.allowed_models).filter((id) => models.has(id));
    const mine = pool.filter(() => r() < 0.6);
    if (mine.length === 0) mine.push(pool[Math.floor(r() * pool.length)]);
    const activity = 0.35 + r() * 0.5;
    const start = Math.max(FIRST, day(org.created_at), day(key.created_at));
    const end = Math.min(TODAY, key.deleted_at ? day(key.deleted_at) : TODAY);
    for (let d = start; d <= end; d++) {
      if (r() > activity) continue;
      for (const id of mine) {
        if (mine.length > 1 && r() < 0.4) continue;
        const m = models.get(id);
        const requests = 1 + Math.floor(r() * 40 * volume);
        const p = requests * (800 + Math.floor(r() * 3000));
        const c = m.mode === 'embedding' ? 0 : requests * (100 + Math.floor(r() * 700));
        const cr = m.supports_prompt_caching ? Math.floor(p * r() * 0.5) : 0;
        const cw = m.cache_write_usd_per_mtok ? Math.floor((p - cr) * r() * 0.2) : 0;
        // About 3% of a service key's traffic is recorded without a model.
        const model = key.product === 'service' && r() < 0.03 ? '' : id;
        rows.push([d, key.id, model, p, c, cr, cw, requests, spendOf(m, p, c, cr, cw)]);
      }
    }
  }
  rows.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
  for (const [month, target] of Object.entries(TARGETS[orgId] ?? {})) {
    const inMonth = rows.filter((x) => fmt(x[0]).startsWith(month) && x[8] > 0);
    const sum = inMonth.reduce((a, x) => a + x[8], 0);
    let acc = 0;
    for (const x of inMonth) acc += x[8] = Math.floor((x[8] * target) / sum);
    inMonth.sort((a, b) => b[8] - a[8])[0][8] += target - acc;
  }
  const header = 'date,key_id,model,prompt_tokens,completion_tokens,cache_read_input_tokens,cache_creation_input_tokens,request_count,spend_micro_usd';
  writeFileSync(join(dir, 'orgs', orgId, 'usage.csv'), [header, ...rows.map((x) => [fmt(x[0]), ...x.slice(1)].join(','))].join('\n') + '\n');
  console.log(`${orgId}: ${rows.length} rows`);
}
