// Month end for 100 and 1,000 generated organizations (3 invoices each, one of them in the month;
// 50 keys each) against the reference server on loopback. The server runs in its own child
// process (`svc serve`); the month end runs in another child process, so each process's peak
// RSS is its own. Prints what it measured; asserts nothing. Run after `npm run build` (uses dist/):
// `node bench/month-end.mjs [--threads N] [--concurrency N] [orgs...]` (default: 0 threads,
// concurrency 4, 100 and 1000 organizations).
// Peak RSS of the run grows over its first few hundred organizations and then levels off; the
// JavaScript heap after a full collection stays ~32-36 MB (no retained data): the growth is V8
// sizing its heap under the allocation rate, and native memory. The bench sets no V8 or malloc
// flags; MALLOC_ARENA_MAX in the environment would be passed on to the run (and is printed).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const MB = 1024 * 1024;

if (process.argv[2] === '--worker') await worker(process.argv[3], process.argv[4], process.argv[5], Number(process.argv[6]), Number(process.argv[7]));
else {
  const args = process.argv.slice(2);
  const t = args.indexOf('--threads');
  const threads = t >= 0 ? Number(args.splice(t, 2)[1]) : 0;
  const c = args.indexOf('--concurrency');
  const concurrency = c >= 0 ? Number(args.splice(c, 2)[1]) : 4;
  await main(args.map(Number).filter((n) => n > 0), threads, concurrency);
}

// The run itself, in its own process: the library's runMonthEnd over every organization of the dataset.
async function worker(url, dataDir, outDir, threads, concurrency) {
  const { runMonthEnd } = await import('../dist/index.js');
  const tokens = JSON.parse(readFileSync(join(dataDir, 'tokens.json'), 'utf8'));
  const env = {};
  const organizations = tokens.orgs.map(({ org_id, token }, i) => {
    env[`T${i}`] = token;
    return { org_id, name: org_id, token_env: `T${i}` };
  });
  // Peak RSS so far at fixed points of the run, so one long run shows whether memory levels off.
  const marks = new Set([100, 250, 500, 750, 1000, 2000, 5000]);
  const peaks = [];
  const onProgress = (p) => {
    if (p.event === 'organization' && marks.has(p.organizations_done)) peaks.push([p.organizations_done, Math.round(process.resourceUsage().maxRSS / 1024)]);
  };
  const t0 = performance.now();
  const m = await runMonthEnd({ base_url: url, organizations }, { outDir, month: '2026-10', env, threads, concurrency, onProgress });
  const wall = (performance.now() - t0) / 1000;
  const docs = m.files.filter((f) => f.kind !== 'summary').length;
  const mem = process.memoryUsage();
  const errors = [...new Set(m.organizations.filter((o) => o.error).map((o) => o.error))].slice(0, 3);
  process.stdout.write(JSON.stringify({ wall, docs, ok: m.summary.ok, failed: m.summary.failed, skipped: m.summary.skipped, maxRssKb: process.resourceUsage().maxRSS, peaks, errors, heapTotal: mem.heapTotal, external: mem.external, cpu: (process.cpuUsage().user + process.cpuUsage().system) / 1e6 }) + '\n');
}

// CPU seconds a process has used so far (utime + stime from /proc, in clock ticks of 1/100 s).
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function peakOf(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

function collect(child) {
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`)))));
}

async function main(sizes, threads, concurrency) {
  if (sizes.length === 0) sizes = [100, 1000];
  const { generateDataset } = await import('../dist/server/index.js');
  const arena = process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : '';
  console.log(`month end, 2026-10, concurrency ${concurrency}, ${threads} worker threads, server and run in separate child processes, ${process.version}${arena}`);
  for (const orgs of sizes) {
    const tmp = mkdtempSync(join(tmpdir(), 'svc-bench-month-end-'));
    try {
      const data = join(tmp, 'data');
      generateDataset({ orgs, keysPerOrg: 50, months: 4, invoicesPerOrg: 3, seed: 'bench-month-end', out: data });
      const server = spawn(process.execPath, [CLI, 'serve', '--data', data, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
      const url = await new Promise((resolve) => server.stdout.once('data', (d) => resolve(String(d).trim())));
      try {
        const run = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker', url, data, join(tmp, 'out'), String(threads), String(concurrency)], { stdio: ['ignore', 'pipe', 'inherit'] });
        const r = JSON.parse(await collect(run));
        const serverPeak = peakOf(server.pid);
        const serverCpu = cpuOf(server.pid);
        for (const e of r.errors) console.log(`  failure: ${e}`);
        if (process.env.BENCH_MEMORY) console.log(`  at the end: heap ${(r.heapTotal / MB).toFixed(0)} MB, external ${(r.external / MB).toFixed(0)} MB`);
        console.log(
          `${String(orgs).padStart(5)} organizations: ${r.wall.toFixed(1)} s wall, ${r.docs} documents (${(r.docs / r.wall).toFixed(1)}/s), ` +
            `${r.ok} ok / ${r.skipped} skipped / ${r.failed} failed; peak RSS run ${(r.maxRssKb / 1024).toFixed(0)} MB, server ${(serverPeak / MB).toFixed(0)} MB; CPU run ${r.cpu.toFixed(1)} s, server ${serverCpu.toFixed(1)} s`,
        );
        if (r.peaks.length > 1) console.log(`  peak RSS of the run after N organizations: ${r.peaks.map(([n, mb]) => `${n}: ${mb} MB`).join(', ')}`);
      } finally {
        server.kill('SIGTERM');
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
