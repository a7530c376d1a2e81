// Cost workbook for an organization with 100,000 keys: seconds and peak RSS, the way
// `svc report cost` does it: the key-usage response (generated on the fly by a loopback HTTP
// server in a child process, never held whole) is read as a stream into a compact KeyStore, then
// buildCostReport streams the workbook to a file. Prints what it measured; asserts nothing.
// Run after `npm run build` (it uses dist/): `node bench/cost-report.mjs [keys] [--record]`
// (`--record`: the ordinary path instead, the whole response parsed into an OrgKeyUsage record).
import { createWriteStream, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { fork } from 'node:child_process';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import {
  buildCostReport, KeyStore, parseRecord, OrgMonthlyUsageSchema, OrgPlanCostSchema, ReportingClient, streamKeyUsage,
} from '../dist/index.js';

const KEYS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const RECORD = process.argv.includes('--record');
const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss / MB;
const group = (t, r) => ({ prompt_tokens: t - (t >> 2), completion_tokens: t >> 2, total_tokens: t, request_count: r, cache_read_input_tokens: t >> 4, cache_creation_input_tokens: t >> 5 });
const teams = ['ops', 'dev', 'sales', 'support'];

function key(i) {
  const t = 1000 + ((i * 7919) % 500_000);
  const usd = `${(i * 104729) % 997}.${String((i * 31) % 1_000_000).padStart(6, '0')}`;
  return {
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
  };
}

const head = {
  org_id: 'org-big',
  start_date: '2026-10-01',
  end_date: '2026-10-31',
  key_fields: [
    { key: 'team', display_name: 'Team', type: 'select', options: teams.map((k) => ({ key: k, label: k.toUpperCase() })) },
    { key: 'pii', display_name: 'Personal data', type: 'boolean' },
    { key: 'cc', display_name: 'Cost centre', type: 'text' },
  ],
};
const totals = { spend_usd: '1000.00', ...group(1000, 10), models: [], providers: [], by_field: [] };

// The response body, written 500 keys at a time with backpressure: the server holds little.
async function respond(res) {
  let bytes = 0;
  const write = async (s) => {
    bytes += Buffer.byteLength(s);
    if (!res.write(s)) await once(res, 'drain');
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  await write(`${JSON.stringify(head).slice(0, -1)},"keys":[`);
  for (let i = 0; i < KEYS; i += 500) {
    const part = [];
    for (let j = i; j < Math.min(KEYS, i + 500); j++) part.push(JSON.stringify(key(j)));
    await write((i ? ',' : '') + part.join(','));
  }
  await write(`],"totals":${JSON.stringify(totals)}}`);
  res.end();
  return bytes;
}

// The server runs in a child process (`--serve`), so the RSS measured here is the client's alone.
if (process.argv.includes('--serve')) {
  const server = createServer((req, res) => void respond(res).then((b) => process.send({ bytes: b })));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send({ port: server.address().port });
  process.on('disconnect', () => process.exit(0));
  await new Promise(() => {});
}
const child = fork(new URL(import.meta.url).pathname, [String(KEYS), '--serve']);
const [{ port }] = await once(child, 'message');
let responseBytes = 0;
child.on('message', (m) => (responseBytes = m.bytes ?? responseBytes));
const client = new ReportingClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'bench-token', orgId: 'org-big', timeoutMs: 120_000 });

const days = Array.from({ length: 31 }, (_, d) => ({ date: `2026-10-${String(d + 1).padStart(2, '0')}`, usd_spend: `${100 + d}.123456`, total_tokens: 1000, request_count: 10 }));
const monthly = parseRecord(OrgMonthlyUsageSchema, {
  org_id: 'org-big',
  months: [{ month: '2026-10-01', usd_spend: '3968.827136', dkk_spend: '25634.56', rate_estimated: false, total_tokens: 31000, request_count: 310, days }],
  summary: { total_usd_spend: '3968.827136', total_tokens: 31000, total_requests: 310 },
  available_years: [2026],
}, 'monthly');
const plan = parseRecord(OrgPlanCostSchema, { currency: 'DKK', seats: 0, lines: [], missing: [], total_monthly_cents: 0 }, 'plan');

globalThis.gc?.();
const base = rss();
let peak = base;
const timer = setInterval(() => (peak = Math.max(peak, rss())), 10);

const f0 = process.hrtime.bigint();
let keyUsage;
let storeBytes;
if (RECORD) {
  keyUsage = await client.getKeyUsage({ month: '2026-10' });
} else {
  const store = new KeyStore();
  const rest = await streamKeyUsage(client, { month: '2026-10' }, (k) => store.add(k));
  keyUsage = { ...rest, keys: store };
  storeBytes = store.bytes;
}
const fetchSeconds = Number(process.hrtime.bigint() - f0) / 1e9;
if (!responseBytes) await once(child, 'message');
const afterFetch = rss();
const peakFetch = peak;
child.disconnect();

const data = { period: { month: '2026-10' }, orgId: 'org-big', monthly, months: monthly.months, previousMonth: null, keyUsage, keyUsageByMonth: [{ month: '2026-10', keyUsage }], planCost: plan, invoices: [] };
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
console.log(`cost workbook, ${KEYS.toLocaleString('en')} keys (9 sheets, Keys sheet ${KEYS} rows x 19 columns), node ${process.version}, ${RECORD ? 'whole record (getKeyUsage)' : 'streamed into a KeyStore'}`);
console.log(`  key usage over loopback HTTP: ${fetchSeconds.toFixed(2)} s for ${(responseBytes / MB).toFixed(0)} MB of JSON${storeBytes ? `; KeyStore holds ${(storeBytes / MB).toFixed(1)} MB` : ''}`);
console.log(`  workbook: ${seconds.toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (all threads, zlib included)   file: ${(size / MB).toFixed(1)} MB`);
console.log(`  load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (other processes share the cores)`);
console.log(`  RSS: ${base.toFixed(0)} MB before (node, exceljs, the library loaded); ${afterFetch.toFixed(0)} MB with the keys fetched (peak while fetching ${peakFetch.toFixed(0)} MB)`);
console.log(`  peak RSS of the process (sampled every 10 ms, fetch and workbook): ${peak.toFixed(0)} MB; maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
