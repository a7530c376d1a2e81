// Where one organization's month-end CPU goes, in CPU (process.cpuUsage: every thread of this
// process, libuv's pool and the garbage collector included), not in profile samples, which under
// load count time a thread waited as time it ran. A run by hand, after `npm run build`:
// `node bench/_org-phases.mjs [orgs] [repeats]` (default 40 organizations, 200 repeats).
// It starts the reference server (`svc serve`, one process) on a generated dataset like
// bench/month-end.mjs's (3 invoices, 50 keys an organization), then measures in this process:
// - the whole month end of all the organizations (`runMonthEnd`, the run `svc month-end` makes,
//   concurrency 4) per organization, twice, the first one as warm-up;
// - each step of one organization on its own, `repeats` times after a warm-up: each of its five
//   requests as the run makes them (answer, parse and checks), the cost workbook, the invoice PDF
//   and its e-invoice, and the gzip its two large kept answers get (at the run's level, KEPT_GZIP_LEVEL).
// What the steps leave of the whole is the run's plumbing: hashing, checks, file writes, the
// kept answers' index, checkpoints and their secret scrub, the manifest and pages.
// Prints what it measured; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadNow, machineLine, startServe, writeRunConfig } from './_processes.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const orgs = Number(process.argv[2] ?? 40);
const repeats = Number(process.argv[3] ?? 200);

const { generateDataset } = await import('../dist/testing.js');
const { runMonthEnd } = await import('../dist/runner/run/run-month-end.js');
const { ReportingClient } = await import('../dist/client/index.js');
const { fetchCostReportData, buildCostReport } = await import('../dist/report/index.js');
const { renderInvoicePdf } = await import('../dist/invoice/index.js');
const { renderInvoiceUbl } = await import('../dist/einvoice/index.js');
const { KEPT_GZIP_LEVEL } = await import('../dist/runner/manifest/kept-answers.js');

const cpuMs = (c) => (c.user + c.system) / 1000;

/** CPU ms per call of `fn` over `n` calls, after `warm` calls. */
async function perCall(fn, n = repeats, warm = 20) {
  for (let i = 0; i < warm; i++) await fn();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  return cpuMs(process.cpuUsage(c0)) / n;
}

console.log(machineLine());
const tmp = mkdtempSync(join(tmpdir(), 'svc-bench-phases-'));
const data = join(tmp, 'data');
generateDataset({ orgs, keysPerOrg: 50, months: 4, invoicesPerOrg: 3, seed: 'bench-month-end', out: data });
const { server, url } = await startServe(CLI, data, 1);
try {
  const { config, env } = writeRunConfig(data, url);
  const runConfig = JSON.parse(readFileSync(config, 'utf8'));
  const whole = [];
  for (let round = 0; round < 2; round++) {
    const outDir = join(tmp, `out-${round}`);
    const c0 = process.cpuUsage();
    const m = await runMonthEnd(runConfig, { outDir, month: '2026-10', env, concurrency: 4 });
    whole.push(cpuMs(process.cpuUsage(c0)) / orgs);
    if (m.summary.ok !== orgs) console.log(`  round ${round}: ${m.summary.ok} of ${orgs} ok`);
    rmSync(outDir, { recursive: true, force: true });
  }
  const tok = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')).orgs[0];
  const client = new ReportingClient({ baseUrl: url, token: tok.token, orgId: tok.org_id, env: {} });
  const list = await client.listInvoices();
  const inMonth = list.find((i) => i.period_start.startsWith('2026-10')) ?? list[0];
  const invoice = await client.getInvoice(inMonth.id);
  const costData = await fetchCostReportData(client, { month: '2026-10' });
  const bodies = await Promise.all(['/monthly-usage?year=2026', '/key-usage?month=2026-10'].map(async (p) => {
    const r = await fetch(`${url}/api/orgs/${tok.org_id}${p}`, { headers: { authorization: `Bearer ${tok.token}`, 'user-agent': 'svc-bench', accept: 'application/json' } });
    return Buffer.from(await r.arrayBuffer());
  }));
  const steps = [
    ['request: monthly usage (year)', () => client.getMonthlyUsage({ year: 2026 })],
    ['request: key usage (month, 50 keys, streamed)', () => client.streamKeyUsage({ month: '2026-10' }, () => {})],
    ['request: plan cost', () => client.getPlanCost('DKK')],
    ['request: invoice list', () => client.listInvoices()],
    ['request: one invoice', () => client.getInvoice(inMonth.id)],
    ['cost workbook (built from fetched data)', () => buildCostReport(costData, { language: 'da', organizationName: tok.org_id })],
    ['invoice PDF/A', () => renderInvoicePdf(invoice, { language: 'da' })],
    ['e-invoice (UBL)', () => renderInvoiceUbl(invoice, { language: 'da' })],
    [`kept answers: gzip level ${KEPT_GZIP_LEVEL} of the two large answers`, () => bodies.forEach((b) => gzipSync(b, { level: KEPT_GZIP_LEVEL }))],
  ];
  const measured = [];
  for (const [name, fn] of steps) measured.push([name, await perCall(fn)]);
  const sum = measured.reduce((a, [, ms]) => a + ms, 0);
  console.log(`${orgs} organizations, 2026-10, one server process, Node ${process.version}; load ${loadNow()}`);
  console.log(`  the whole month end, CPU per organization: ${whole.map((ms) => `${ms.toFixed(1)} ms`).join(' (warm-up), ')} (this process: run, client, rendering, writing)`);
  for (const [name, ms] of measured) console.log(`  ${name.padEnd(52)} ${ms.toFixed(2).padStart(6)} ms`);
  console.log(`  ${'the steps above together'.padEnd(52)} ${sum.toFixed(2).padStart(6)} ms; the rest of the organization's ${whole[1].toFixed(1)} ms: ${(whole[1] - sum).toFixed(1)} ms (hashing, checks, writes, kept answers, checkpoints, manifest, pages, collection of their garbage)`);
} finally {
  server.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
