// Cost workbook for an organization with 100,000 keys: seconds and peak RSS of buildCostReport
// streaming to a file. Prints what it measured; asserts nothing. Run after `npm run build`
// (it uses dist/): `node --expose-gc bench/cost-report.mjs [keys]`.
import { createWriteStream, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { buildCostReport, parseRecord, OrgKeyUsageSchema, OrgMonthlyUsageSchema, OrgPlanCostSchema } from '../dist/index.js';

const KEYS = Number(process.argv[2] ?? 100_000);
const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss / MB;
const group = (t, r) => ({ prompt_tokens: t - (t >> 2), completion_tokens: t >> 2, total_tokens: t, request_count: r, cache_read_input_tokens: t >> 4, cache_creation_input_tokens: t >> 5 });

function keyUsageJson() {
  const teams = ['ops', 'dev', 'sales', 'support'];
  const keys = [];
  for (let i = 0; i < KEYS; i++) {
    const t = 1000 + ((i * 7919) % 500_000);
    const usd = `${(i * 104729) % 997}.${String((i * 31) % 1_000_000).padStart(6, '0')}`;
    keys.push({
      id: `key-${i}`,
      name: `service key ${i} for team ${teams[i % 4]}`,
      key_prefix: `sk-${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}`,
      spend_usd: usd,
      ...group(t, 1 + (t >> 8)),
      models: [{ model: 'gpt-5', spend_usd: usd, ...group(t, 1 + (t >> 8)) }],
      service: group(0, 0),
      external: group(t, 1 + (t >> 8)),
      fields: { team: teams[i % 4], pii: i % 3 === 0, cc: `CC-${i % 1000}` },
      product: i % 10 === 0 ? 'connect' : null,
      recipient_email: i % 10 === 0 ? `user${i}@example.dk` : null,
    });
  }
  return {
    org_id: 'org-big',
    start_date: '2026-10-01',
    end_date: '2026-10-31',
    key_fields: [
      { key: 'team', display_name: 'Team', type: 'select', options: teams.map((k) => ({ key: k, label: k.toUpperCase() })) },
      { key: 'pii', display_name: 'Personal data', type: 'boolean' },
      { key: 'cc', display_name: 'Cost centre', type: 'text' },
    ],
    keys,
    totals: { spend_usd: '1000.00', ...group(1000, 10), models: [], providers: [], by_field: [] },
  };
}

const days = Array.from({ length: 31 }, (_, d) => ({ date: `2026-10-${String(d + 1).padStart(2, '0')}`, usd_spend: `${100 + d}.123456`, total_tokens: 1000, request_count: 10 }));
const monthly = parseRecord(OrgMonthlyUsageSchema, {
  org_id: 'org-big',
  months: [{ month: '2026-10-01', usd_spend: '3968.827136', dkk_spend: '25634.56', rate_estimated: false, total_tokens: 31000, request_count: 310, days }],
  summary: { total_usd_spend: '3968.827136', total_tokens: 31000, total_requests: 310 },
  available_years: [2026],
}, 'monthly');
const plan = parseRecord(OrgPlanCostSchema, { currency: 'DKK', seats: 0, lines: [], missing: [], total_monthly_cents: 0 }, 'plan');

const keyUsage = parseRecord(OrgKeyUsageSchema, keyUsageJson(), 'key usage');
globalThis.gc?.();
const before = rss();
const data = { period: { month: '2026-10' }, orgId: 'org-big', monthly, months: monthly.months, previousMonth: null, keyUsage, keyUsageByMonth: [{ month: '2026-10', keyUsage }], planCost: plan, invoices: [] };

let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, rss())), 10);
const file = join(tmpdir(), `svc-bench-cost-${process.pid}.xlsx`);
const out = createWriteStream(file);
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
await buildCostReport(data, { language: 'en', organizationName: 'Big Org', stream: out });
if (!out.writableFinished) await once(out, 'finish');
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
clearInterval(timer);
peak = Math.max(peak, rss());
const size = statSync(file).size;
unlinkSync(file);
console.log(`cost workbook, ${KEYS.toLocaleString('en')} keys (9 sheets, Keys sheet ${KEYS} rows x 19 columns), node ${process.version}`);
console.log(`  time: ${seconds.toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (all threads, zlib included)   file: ${(size / MB).toFixed(1)} MB`);
console.log(`  load average at the end: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (other processes share the cores)`);
console.log(`  RSS with the key-usage record loaded (after GC): ${before.toFixed(0)} MB`);
console.log(`  peak RSS while building (sampled every 10 ms): ${peak.toFixed(0)} MB (workbook adds ${(peak - before).toFixed(0)} MB)`);
console.log(`  process peak RSS (maxRSS, includes making the test data): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
