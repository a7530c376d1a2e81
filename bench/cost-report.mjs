// Cost workbook for an organization with 100,000 keys, measured the way a user gets it: the real
// CLI, `svc report cost --month 2026-10 -o <file>`, run as a child process against a loopback
// server (another child) that answers every endpoint the command calls: monthly usage, key
// usage (about 85 MB of JSON, generated on the fly and never held whole), plan cost, invoices.
// Peak RSS is the kernel's maxRSS of the CLI process, written at exit by bench/_cli-stats.cjs
// (preloaded through NODE_OPTIONS), which also notes when the last response ended, so the run
// splits into fetch and workbook. A second section runs the same library calls in this process
// (fetchCostReportData, buildCostReport), for the time of each phase apart.
// Prints what it measured; asserts nothing. Run after `npm run build` (it uses dist/):
// `node bench/cost-report.mjs [keys] [--cli-only]`
import { spawn, spawnSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLibxlsxwriterBench } from './_libxlsxwriter.mjs';
import { benchTemp } from './_processes.mjs';

const KEYS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const CLI_ONLY = process.argv.includes('--cli-only');
const ORG = 'org-big';
const TOKEN = 'rt_bench_token';
const MONTH = '2026-10';
const MB = 1024 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const group = (t, r) => ({ prompt_tokens: t - (t >> 2), completion_tokens: t >> 2, total_tokens: t, request_count: r, cache_read_input_tokens: t >> 4, cache_creation_input_tokens: t >> 5 });
const teams = ['ops', 'dev', 'sales', 'support'];
/** Node flags for the CLI child, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

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

const keyHead = {
  org_id: ORG,
  start_date: '2026-10-01',
  end_date: '2026-10-31',
  key_fields: [
    { key: 'team', display_name: 'Team', type: 'select', options: teams.map((k) => ({ key: k, label: k.toUpperCase() })) },
    { key: 'pii', display_name: 'Personal data', type: 'boolean' },
    { key: 'cc', display_name: 'Cost centre', type: 'text' },
  ],
};
const keyTotals = { spend_usd: '1000.00', ...group(1000, 10), models: [], providers: [], by_field: [] };

// Monthly usage for 2026 up to October, every month with its days (the command asks for the year).
function monthlyUsage() {
  const months = [];
  for (let m = 1; m <= 10; m++) {
    const mm = String(m).padStart(2, '0');
    const ndays = new Date(Date.UTC(2026, m, 0)).getUTCDate();
    const days = Array.from({ length: ndays }, (_, d) => ({ date: `2026-${mm}-${String(d + 1).padStart(2, '0')}`, usd_spend: `${100 + d}.123456`, total_tokens: 1000, request_count: 10 }));
    const usd = days.reduce((s, d) => s + Math.round(Number(d.usd_spend) * 1e6), 0);
    const usdText = `${Math.floor(usd / 1e6)}.${String(usd % 1e6).padStart(6, '0')}`;
    months.push({ month: `2026-${mm}-01`, usd_spend: usdText, dkk_spend: `${(usd * 6.45 / 1e6).toFixed(2)}`, rate_estimated: m === 10, total_tokens: 1000 * ndays, request_count: 10 * ndays, days });
  }
  return { org_id: ORG, months, summary: { total_usd_spend: '0', total_dkk_spend: null, total_tokens: 0, total_requests: 0, usd_spend_change_pct: null, tokens_change_pct: null, requests_change_pct: null }, available_years: [2025, 2026] };
}

const planCost = {
  currency: 'DKK', seats: 12, total_monthly_cents: 12 * 34_900 + 250_000,
  lines: [
    { service: 'llm_router', type: 'coding', is_per_user: true, unit_price_cents: 34_900, quantity: 12, line_total_cents: 12 * 34_900, plan: 'pro' },
    { service: 'control', type: 'management', is_per_user: false, unit_price_cents: 250_000, quantity: 1, line_total_cents: 250_000 },
  ],
  missing: [{ service: 'connect', type: 'integrations' }],
};

// One invoice a month this year, one of them void (listed, kept out of totals).
const invoices = Array.from({ length: 10 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, invoice_number: `2026-${100 + i}`, status: i === 3 ? 'void' : 'issued',
  period_start: `2026-${String(i + 1).padStart(2, '0')}-01`, issued_at: `2026-${String(i + 1).padStart(2, '0')}-02T08:00:00Z`,
  due_at: `2026-${String(i + 1).padStart(2, '0')}-16`, currency: 'DKK', total_cents: 1_000_000 + i * 1250,
}));

// Each invoice in full (the workbook reads the month's invoice: its lines are the month's plan).
const party = {
  seller: { legal_name: 'Service ApS', address: 'Vej 1', cvr: '12345678', vat: 'DK12345678', email: 'billing@service.example', bank: 'Reg. 1234 konto 567890' },
  buyer: { legal_name: 'Big Org A/S', attention: '', address_line1: 'Gade 2', address_line2: '', postal_code: '2000', city: 'Frederiksberg', country: 'Danmark', cvr: '87654321', vat: 'DK87654321', ean: '', payment_reference: '' },
};
function fullInvoice(summary) {
  const net = Math.round(summary.total_cents / 1.25);
  const lines = [
    { sort_order: 1, kind: 'subscription', description: 'Router Pro seats', quantity: 12, unit_price_cents: 34_900, line_total_cents: 12 * 34_900 },
    { sort_order: 2, kind: 'subscription', description: 'Control', quantity: 1, unit_price_cents: 250_000, line_total_cents: 250_000 },
  ];
  const subscription = 12 * 34_900 + 250_000;
  lines.push({ sort_order: 3, kind: 'usage', description: 'Model usage', quantity: 1, unit_price_cents: net - subscription, line_total_cents: net - subscription });
  return {
    ...summary, org_id: ORG, period_end: `${summary.period_start.slice(0, 8)}28`, language: 'en', usd_dkk_rate: '6.4500',
    subscription_subtotal_cents: subscription, usage_subtotal_cents: net - subscription, subtotal_cents: net, vat_cents: summary.total_cents - net, vat_rate_bps: 2500, ...party, lines,
  };
}

// The key-usage body, written 500 keys at a time with backpressure: the server holds little.
async function keyUsage(res) {
  let bytes = 0;
  const write = async (s) => {
    bytes += Buffer.byteLength(s);
    if (!res.write(s)) await once(res, 'drain');
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  await write(`${JSON.stringify(keyHead).slice(0, -1)},"keys":[`);
  for (let i = 0; i < KEYS; i += 500) {
    const part = [];
    for (let j = i; j < Math.min(KEYS, i + 500); j++) part.push(JSON.stringify(key(j)));
    await write((i ? ',' : '') + part.join(','));
  }
  await write(`],"totals":${JSON.stringify(keyTotals)}}`);
  res.end();
  return bytes;
}

function answer(req, res) {
  const json = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { detail: 'bad token' });
  const { pathname, searchParams } = new URL(req.url, 'http://x');
  const base = `/api/orgs/${ORG}`;
  if (pathname === `${base}/key-usage` && searchParams.get('month') === MONTH) return void keyUsage(res).then((bytes) => process.send({ bytes }));
  if (pathname === `${base}/monthly-usage`) return json(200, monthlyUsage());
  if (pathname === `${base}/plan-cost`) return json(200, planCost);
  if (pathname === `${base}/invoices`) return json(200, invoices);
  const one = invoices.find((i) => pathname === `${base}/invoices/${i.id}`);
  if (one) return json(200, fullInvoice(one));
  process.send({ unexpected: req.url });
  return json(404, { detail: `not served by the bench: ${pathname}` });
}

// The server runs in its own process (`--serve`), so its work and memory are not counted.
if (process.argv.includes('--serve')) {
  const server = createServer(answer).listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send({ port: server.address().port });
  process.on('disconnect', () => process.exit(0));
  await new Promise(() => {});
}

const server = fork(fileURLToPath(import.meta.url), [String(KEYS), '--serve']);
const [{ port }] = await once(server, 'message');
const baseUrl = `http://127.0.0.1:${port}`;
const served = { bytes: 0, unexpected: [] };
server.on('message', (m) => (m.bytes ? (served.bytes = m.bytes) : m.unexpected && served.unexpected.push(m.unexpected)));
const dir = benchTemp('svc-bench-cost-');
const f = (n, d = 2) => n.toFixed(d);

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? '?'}), load average ${load()} at the start (1, 5, 15 min; other processes share the cores)`);

// 1. The CLI as a user runs it; returns what _cli-stats.cjs wrote.
async function runCli(round) {
  const file = join(dir, `cli-${round}.xlsx`);
  const statsFile = join(dir, `stats-${round}.json`);
  const env = {
    ...process.env,
    HOME: dir, // no credentials file or config of the user's
    SVC_REPORTING_TOKEN: TOKEN,
    SVC_BENCH_STATS: statsFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${join(root, 'bench', '_cli-stats.cjs')}"`.trim(),
  };
  const argv = [join(root, 'dist', 'cli', 'main.js'), 'report', 'cost', '--month', MONTH, '--base-url', baseUrl, '--org', ORG, '-o', file, '--language', 'en'];
  const t0 = process.hrtime.bigint();
  const cli = spawn(process.execPath, [...NODE_ARGS, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  cli.stdout.on('data', (c) => (out += c));
  cli.stderr.on('data', (c) => (out += c));
  const [code] = await once(cli, 'exit');
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const s = JSON.parse(readFileSync(statsFile, 'utf8'));
  console.log(`svc report cost --month ${MONTH}, ${KEYS.toLocaleString('en')} keys (${(served.bytes / MB).toFixed(0)} MB of key-usage JSON over loopback HTTP), node ${process.version}, round ${round}`);
  if (code !== 0) console.log(`  the CLI exited with ${code}: ${out.trim()}`);
  if (served.unexpected.length) console.log(`  requests the bench server does not serve: ${served.unexpected.join(', ')}`);
  console.log(`  wall: ${f(wall)} s (spawn to exit); CPU of the CLI process ${f(s.cpu)} s`);
  let workbook = null;
  if (s.responsesEnd !== null) {
    workbook = { wall: s.exit - s.responsesEnd, cpu: s.cpu - s.cpuAtResponsesEnd };
    console.log(`  start-up to first request ${f(s.firstRequest)} s; fetch ${f(s.responsesEnd - s.firstRequest)} s; workbook and exit ${f(workbook.wall)} s wall, ${f(workbook.cpu)} s CPU`);
    console.log(`  RSS: ${f(s.rssAtFirstRequest, 0)} MB at the first request, ${f(s.rssAtResponsesEnd, 0)} MB when the last response ended (peak so far ${f(s.maxRssAtResponsesEnd, 0)} MB)`);
  }
  console.log(`  peak RSS (maxRSS of the CLI process): ${f(s.maxRss, 0)} MB   file: ${code === 0 ? f(statSync(file).size / MB, 1) : '-'} MB`);
  console.log(`  load average at the end: ${load()}`);
  return { code, workbook, maxRss: s.maxRss };
}

// The C library (libxlsxwriter) writing the Keys sheet alone, N x 19: wall and CPU (user + sys) of one run.
function runC(bin, mode, round) {
  const file = join(dir, `c-${mode}-${round}.xlsx`);
  const t0 = process.hrtime.bigint();
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; time "$0" "$@"', bin, file, String(KEYS), mode], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const [user, sys] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  const cpu = user + sys;
  console.log(`  libxlsxwriter ${mode === 'default' ? 'default mode' : 'constant_memory mode'}, round ${round}: ${f(wall)} s wall, ${f(cpu)} s CPU${r.status ? ` (exit ${r.status})` : ''}   file: ${f(statSync(file).size / MB, 1)} MB`);
  return { wall, cpu };
}

const cBin = join(dir, 'libxlsxwriter-keys');
const cFrom = buildLibxlsxwriterBench(join(root, 'bench', '_libxlsxwriter.c'), cBin);
if (cFrom) console.log(`libxlsxwriter (C): ${cFrom}; it writes the Keys sheet alone, ${KEYS.toLocaleString('en')} rows x 19 columns, right after each CLI run`);
else console.log('libxlsxwriter: not measured (needs cc, make and zlib, and either Debian\'s libxlsxwriter-dev or its source fetched into /work/.mirror/jmcnamara+libxlsxwriter)');
// Two rounds, each the CLI then the C library (constant_memory), so both meet the same load; best of two each.
const ours = [];
const theirs = [];
for (let round = 1; round <= 2; round++) {
  const r = await runCli(round);
  if (r.workbook) ours.push(r.workbook);
  if (cFrom) theirs.push(runC(cBin, 'constant', round));
}
if (cFrom) runC(cBin, 'default', 1);
if (ours.length && theirs.length) {
  const best = (xs, k) => Math.min(...xs.map((x) => x[k]));
  const [ow, cw, oc, cc] = [best(ours, 'wall'), best(theirs, 'wall'), best(ours, 'cpu'), best(theirs, 'cpu')];
  console.log(`best of two: the CLI's nine-sheet workbook (and exit) ${f(ow)} s wall / ${f(oc)} s CPU; libxlsxwriter constant_memory (the Keys sheet) ${f(cw)} s wall / ${f(cc)} s CPU`);
  console.log(`  ratio ours / C: ${f(ow / cw)} x by wall, ${f(oc / cc)} x by CPU (goal: at most 0.9 x); load average now ${load()}`);
}

// 2. The same library calls in this process: the RSS the fetch adds, sampled every 10 ms.
if (!CLI_ONLY) {
  const { buildCostReport, fetchCostReportData, ReportingClient } = await import('../dist/index.js');
  const rss = () => process.memoryUsage().rss / MB;
  const client = new ReportingClient({ baseUrl, token: TOKEN, orgId: ORG, env: {}, timeoutMs: 120_000 });
  globalThis.gc?.();
  const base = rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 10);
  const t0 = process.hrtime.bigint();
  const data = await fetchCostReportData(client, { month: MONTH });
  const fetchSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const afterFetch = rss();
  const peakFetch = peak;
  const file = join(dir, 'in-process.xlsx');
  const out = createWriteStream(file);
  const cpu0 = process.cpuUsage();
  const t1 = process.hrtime.bigint();
  await buildCostReport(data, { language: 'en', organizationName: 'Big Org', stream: out });
  if (!out.writableFinished) await once(out, 'finish');
  const seconds = Number(process.hrtime.bigint() - t1) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  peak = Math.max(peak, rss());
  console.log(`in this process (fetchCostReportData, then buildCostReport to a file; V8's default heap settings, not the CLI's):`);
  console.log(`  fetch: ${f(fetchSeconds)} s; KeyStore holds ${(data.keyUsage.keys.bytes / MB).toFixed(1)} MB`);
  console.log(`  workbook: ${f(seconds)} s wall, ${f((cpu.user + cpu.system) / 1e6)} s CPU (all threads, zlib included)   file: ${f(statSync(file).size / MB, 1)} MB`);
  console.log(`  RSS: ${f(base, 0)} MB before (node and the library loaded); ${f(afterFetch, 0)} MB with the data fetched (peak while fetching ${f(peakFetch, 0)} MB); peak ${f(peak, 0)} MB`);
}

server.disconnect();
