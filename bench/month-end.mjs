// Month end for 100 and 1,000 generated organizations (3 invoices each, one of them in the month;
// 50 keys each) against the reference server on loopback, measured the way an operator runs it:
// the server is `svc serve` in one child process and the run is `svc month-end --json` in another,
// so each process's peak RSS is its own. Peak RSS of the run is the kernel's high-water mark
// (VmHWM), read when the run reports 100, 250, 500, 750 and 1,000 organizations done and when it
// prints its result. Prints what it measured; asserts nothing. Run after `npm run build`:
// `node bench/month-end.mjs [--threads N] [--concurrency N] [--server-processes N] [--no-profile] [orgs...]`
// (default: the CLI's own threads and concurrency, the server on as many processes as cores, 100
// and 1000 organizations). Every figure is of a run without a profiler; unless --no-profile, a
// second run of the same organizations (into a folder of its own) is profiled with --cpu-prof and
// where its CPU went is printed by group (bench/_cpu-split.mjs): the profiler costs the run CPU and
// memory of its own, which the measured run must not carry. The server's CPU (all its processes)
// is printed beside the run's, so a run says which side was the limit. Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { cpuSplit } from './_cpu-split.mjs';
import { benchTemp, childPeaksMbOf, cpuPartsOf, limitLine, loadNow, machineLine, peakMbOf, startServe, threadCpuLine, threadCpuOf, treeCpuSecondsOf, writeRunConfig } from './_processes.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const MARKS = new Set([100, 250, 500, 750, 1000, 2000, 5000]);

const args = process.argv.slice(2);
const t = args.indexOf('--threads');
// Unless given, the CLI's own defaults (it prints its choice, shown as "run: svc: ...").
const threads = t >= 0 ? Number(args.splice(t, 2)[1]) : undefined;
const c = args.indexOf('--concurrency');
const concurrency = c >= 0 ? Number(args.splice(c, 2)[1]) : undefined;
const np = args.indexOf('--no-profile');
// A second, profiled run (node --cpu-prof) unless told not to, so the bench can say where the CPU went.
const profile = np < 0;
if (np >= 0) args.splice(np, 1);
const p = args.indexOf('--server-processes');
// The server on every core by default (`svc serve --processes N`), so it is not what limits the run.
const serverProcesses = p >= 0 ? Number(args.splice(p, 2)[1]) : availableParallelism();
await main(args.map(Number).filter((n) => n > 0), threads, concurrency);

// `svc month-end` over every organization of the dataset, tokens passed in the environment.
async function runCli(url, dataDir, outDir, profDir) {
  const { config, env } = writeRunConfig(dataDir, url);
  const argv = [CLI, 'month-end', '--month', '2026-10', '--config', config, '--out', outDir, ...(concurrency === undefined ? [] : ['--concurrency', String(concurrency)]), ...(threads === undefined ? [] : ['--threads', String(threads)]), '--json'];
  const t0 = performance.now();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (profDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=1000');
  const run = spawn(process.execPath, [...nodeArgs, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const peaks = [];
  let stdout = '';
  let maxRss = 0;
  let cpu = 0;
  let cpuParts;
  let rest = '';
  let documents = 0;
  let threadsUsed;
  // Each thread's CPU, read at every progress line and at the result.
  const threadCpu = new Map();
  run.stderr.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const n = Number(/^\[(\d+)\//.exec(line)?.[1]);
      documents = Number(/\((\d+) documents/.exec(line)?.[1] ?? documents);
      if (n > 0) threadCpuOf(run.pid, threadCpu);
      if (MARKS.has(n)) peaks.push([n, peakMbOf(run.pid)]);
      else if (!/^\[\d+\//.test(line)) process.stderr.write(`  run: ${line}\n`);
      // The CLI's line saying how it runs: "... on N worker threads" or "on the main thread".
      const on = /on (\d+) worker thread/.exec(line);
      if (/^svc: \d+ organizations?, /.test(line)) threadsUsed = on ? Number(on[1]) : 0;
    }
  });
  run.stdout.on('data', (d) => {
    stdout += d;
    // The result is printed last, after the manifest and summary are written: the run's peak so far is its peak.
    const peak = peakMbOf(run.pid);
    const parts = cpuPartsOf(run.pid);
    // NaN or undefined: already gone, and the figures read at the previous chunk stand.
    if (!Number.isNaN(peak)) maxRss = Math.max(maxRss, peak);
    if (parts) {
      cpuParts = parts;
      cpu = parts.user + parts.system;
    }
    threadCpuOf(run.pid, threadCpu);
  });
  const code = await new Promise((resolve) => run.on('exit', resolve));
  const wall = (performance.now() - t0) / 1000;
  const result = JSON.parse(stdout);
  return { code, wall, result, peaks, maxRss, cpu, cpuParts, documents, threads: threadsUsed ?? threads, threadCpu, pid: run.pid };
}

/**
 * One sha256 over the documents of a month folder (every .pdf, .xml and .xlsx, by their paths in
 * order, each path and its bytes' sha256 a line), so two runs can be said to have made the same bytes.
 */
function documentsDigest(monthDir) {
  const files = readdirSync(monthDir, { recursive: true }).filter((f) => /\.(pdf|xml|xlsx)$/.test(f)).sort();
  const all = createHash('sha256');
  for (const f of files) all.update(`${f} ${createHash('sha256').update(readFileSync(join(monthDir, f))).digest('hex')}\n`);
  return { files: files.length, sha256: all.digest('hex') };
}

// Where the run's CPU went: its main thread's profile in groups, and what no profile sees (zlib and
// file system calls on libuv's threads, the garbage collector's helpers) as the rest of the process's CPU.
function printSplit(profDir, cpu, orgs) {
  // One profile per thread (the main one and each worker thread), added up.
  const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return;
  const sums = new Map();
  let busy = 0;
  for (const f of files) {
    const one = cpuSplit(join(profDir, f));
    busy += one.busy;
    for (const [g, s] of one.groups) sums.set(g, (sums.get(g) ?? 0) + s);
  }
  const groups = [...sums].sort((a, b) => b[1] - a[1]);
  // A profile samples time on its thread, not CPU: each group's share of the busy samples, and that
  // share of the process's CPU per organization (an estimate: it assumes a busy sample is CPU).
  const parts = groups.map(([g, s]) => `${g} ${((100 * s) / busy).toFixed(0)} % (~${((1000 * cpu * s) / busy / orgs).toFixed(1)} ms/org)`);
  console.log(`  where the run's CPU went (${files.length} JavaScript thread${files.length === 1 ? '' : 's'} sampled every 1 ms, ${busy.toFixed(1)} s busy; CPU run ${cpu.toFixed(1)} s): ${parts.join(', ')}`);
}

async function main(sizes, threads, concurrency) {
  if (sizes.length === 0) sizes = [100, 1000];
  const { generateDataset } = await import('../dist/testing.js');
  const arena = process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : '';
  console.log(machineLine());
  console.log(`month end, 2026-10, ${concurrency === undefined ? 'the CLI\'s default concurrency' : `concurrency ${concurrency}`}, ${threads === undefined ? 'its default threads' : `${threads} worker threads`}, server (svc serve --processes ${serverProcesses}) and run in separate child processes, ${process.version}${arena}`);
  for (const orgs of sizes) {
    const tmp = benchTemp('svc-bench-month-end-');
    const data = join(tmp, 'data');
    generateDataset({ orgs, keysPerOrg: 50, months: 4, invoicesPerOrg: 3, seed: 'bench-month-end', out: data });
    const { server, url } = await startServe(CLI, data, serverProcesses);
    try {
      const cpu0 = treeCpuSecondsOf(server.pid);
      const load0 = loadNow();
      const r = await runCli(url, data, join(tmp, 'out'));
      const serverPeak = Math.max(peakMbOf(server.pid), ...childPeaksMbOf(server.pid));
      // Its loading of the dataset before the run is left out.
      const serverCpu = treeCpuSecondsOf(server.pid) - cpu0;
      const s = r.result.summary;
      const failures = [...new Set(r.result.organizations.filter((o) => o.error).map((o) => o.error))].slice(0, 3);
      for (const e of failures) console.log(`  failure: ${e}`);
      console.log(
        `${String(orgs).padStart(5)} organizations: ${r.wall.toFixed(1)} s wall (exit ${r.code}), ${r.documents} documents (${(r.documents / r.wall).toFixed(1)}/s), ` +
          `${s.ok} ok / ${s.skipped} skipped / ${s.failed} failed; peak RSS run ${r.maxRss.toFixed(0)} MB, server ${serverPeak.toFixed(0)} MB (largest of its processes); CPU run ${r.cpu.toFixed(1)} s${r.cpuParts ? ` (user ${r.cpuParts.user.toFixed(1)} + system ${r.cpuParts.system.toFixed(1)})` : ''}, server ${serverCpu.toFixed(1)} s (${serverProcesses} processes)`,
      );
      console.log(`  ${limitLine(r.wall, [['the run', r.cpu, 1 + (r.threads ?? 0)], ['the server', serverCpu, serverProcesses]])}; load ${load0} -> ${loadNow()}`);
      if (r.peaks.length) console.log(`  peak RSS of the run after N organizations: ${r.peaks.map(([n, mb]) => `${n}: ${mb.toFixed(0)} MB`).join(', ')}`);
      if (r.threadCpu.size) console.log(`  the run's CPU by thread: ${threadCpuLine(r.pid, r.threadCpu)}`);
      const page = r.result.index_html ? statSync(r.result.index_html, { throwIfNoEntry: false }) : undefined;
      if (page) console.log(`  front page index.html: ${(page.size / 1e6).toFixed(2)} MB`);
      const docs = documentsDigest(join(tmp, 'out', '2026-10'));
      console.log(`  documents: ${docs.files} (PDF, XML, xlsx), one sha256 over them ${docs.sha256.slice(0, 16)}…`);
      if (profile) {
        const profDir = join(tmp, 'prof');
        const pr = await runCli(url, data, join(tmp, 'out-profiled'), profDir);
        console.log(`  profiled run (again, into a folder of its own; not the figures above): ${pr.wall.toFixed(1)} s wall, CPU ${pr.cpu.toFixed(1)} s, peak RSS ${pr.maxRss.toFixed(0)} MB (exit ${pr.code})`);
        printSplit(profDir, pr.cpu, orgs);
        const again = documentsDigest(join(tmp, 'out-profiled', '2026-10'));
        console.log(`  the profiled run's documents: ${again.sha256 === docs.sha256 && again.files === docs.files ? 'the same bytes' : `DIFFERENT (${again.files} files, ${again.sha256.slice(0, 16)}…)`}`);
      }
    } finally {
      server.kill('SIGTERM');
    }
  }
}
