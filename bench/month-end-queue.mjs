// Month end for 1,000 generated organizations on a BullMQ queue (Redis) with 1, 2 and 4
// `svc worker` processes, beside the same run in one process (`svc month-end` without --queue).
// Every program is its own child process: the reference server (`svc serve`), redis-server
// (Debian's; its own port and temp folder), the coordinator (`svc month-end --queue`) and the
// workers (`svc worker --concurrency 4`). Wall time is the coordinator's, from start to exit,
// workers started with it; documents are the files the manifest lists (summary.md excepted);
// RSS is each process's kernel high-water mark (VmHWM) read at the end of the run; CPU is
// utime + stime. Prints the load average before and after each run: the machine is shared.
// Prints what it measured; asserts nothing. After `npm run build`:
// `node bench/month-end-queue.mjs [--orgs N] [--repeats N] [--workers 1,2,4,8] [--server-processes N]`.
// The server's CPU (all its processes) and Redis's are printed beside the coordinator's and the
// workers', so a run says which side was the limit. Linux only (reads /proc).
import { spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { benchTemp, cpuSecondsOf, limitLine, loadNow, machineLine, peakMbOf, startServe, treeCpuSecondsOf, writeRunConfig } from './_processes.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const MONTH = '2026-10';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ORGS = Number(flag('--orgs', '1000'));
const REPEATS = Number(flag('--repeats', '1'));
const WORKERS = flag('--workers', '1,2,4,8').split(',').map(Number);
// The server on every core by default (`svc serve --processes N`), so it is not what limits the run.
const SERVER_PROCESSES = Number(flag('--server-processes', String(availableParallelism())));

if (spawnSync('sh', ['-c', 'command -v redis-server']).status !== 0) {
  console.log('month end on a queue: skipped, no redis-server (Debian: apt-get install redis-server)');
  process.exit(0);
}

const load = loadNow;

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise((r) => s.close(r));
  return port;
}

async function startRedis(dir) {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise((r) => { const s = connect(port, '127.0.0.1'); s.once('connect', () => { s.destroy(); r(true); }); s.once('error', () => r(false)); });
    if (ok) return { child, url: `redis://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

/** Node flags for every `svc` child, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them (NODE_OPTIONS refuses --cpu-prof). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

function run(argv, env) {
  const child = spawn(process.execPath, [...NODE_ARGS, CLI, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const stats = { rss: NaN, cpu: NaN };
  child.stdout.on('data', (d) => {
    stdout += d;
    // The result is printed last: the peak so far is the peak.
    stats.rss = peakMbOf(child.pid);
    stats.cpu = cpuSecondsOf(child.pid);
  });
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  return { child, exited, stats, out: () => stdout, err: () => stderr };
}

async function once(label, workers, data, url, redisUrl, redisPid, serverPid) {
  const { config, env } = writeRunConfig(data, url);
  const out = benchTemp('svc-bench-queue-out-');
  const before = load();
  const serverCpu0 = treeCpuSecondsOf(serverPid);
  const redisCpu0 = redisPid ? cpuSecondsOf(redisPid) : 0;
  const t0 = performance.now();
  const queueArgs = workers ? ['--queue', redisUrl] : ['--concurrency', '4'];
  const coordinator = run(['month-end', '--month', MONTH, '--config', config, '--out', out, '--json', ...queueArgs], workers ? { PATH: process.env.PATH, CI: '1' } : env);
  const ws = Array.from({ length: workers }, () => run(['worker', '--queue', redisUrl, '--month', MONTH, '--concurrency', '4'], env));
  const code = await coordinator.exited;
  const wall = (performance.now() - t0) / 1000;
  const workerRss = ws.map((w) => peakMbOf(w.child.pid));
  const workerCpu = ws.map((w) => cpuSecondsOf(w.child.pid));
  const redisRss = redisPid ? peakMbOf(redisPid) : NaN;
  const serverCpu = treeCpuSecondsOf(serverPid) - serverCpu0;
  const redisCpu = redisPid ? cpuSecondsOf(redisPid) - redisCpu0 : 0;
  for (const w of ws) w.child.kill('SIGINT');
  await Promise.all(ws.map((w) => w.exited));
  if (code !== 0 && code !== 1) throw new Error(`${label}: month-end exited ${code}: ${coordinator.err().slice(-500)}`);
  const s = JSON.parse(coordinator.out()).summary;
  const documents = s.files - 1;
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join('/');
  console.log(
    `${label.padEnd(12)} ${wall.toFixed(1).padStart(6)} s wall, ${String(documents).padStart(5)} documents (${(documents / wall).toFixed(0)}/s), ${s.ok} ok / ${s.skipped} skipped / ${s.failed} failed; ` +
      `RSS coordinator ${coordinator.stats.rss.toFixed(0)} MB` + (workers ? `, workers ${fmt(workerRss)} MB, redis ${redisRss.toFixed(0)} MB; CPU coordinator ${coordinator.stats.cpu.toFixed(1)} s, workers ${workerCpu.map((c) => c.toFixed(1)).join('/')} s` : `; CPU ${coordinator.stats.cpu.toFixed(1)} s`) +
      `; CPU server ${serverCpu.toFixed(1)} s (${SERVER_PROCESSES} processes)` + (workers ? `, redis ${redisCpu.toFixed(1)} s` : '') + `; load ${before} -> ${load()}`,
  );
  const runner = workers ? [['the coordinator', coordinator.stats.cpu, 1], ['the workers', workerCpu.reduce((a, c) => a + c, 0), workers]] : [['the run', coordinator.stats.cpu, 1]];
  console.log(`  ${limitLine(wall, [...runner, ['the server', serverCpu, SERVER_PROCESSES], ...(workers ? [['redis', redisCpu, 1]] : [])])}`);
}

const tmp = benchTemp('svc-bench-queue-');
const data = join(tmp, 'data');
const { generateDataset } = await import('../dist/testing.js');
generateDataset({ orgs: ORGS, keysPerOrg: 50, months: 4, invoicesPerOrg: 3, seed: 'bench-month-end', out: data });
const { server, url } = await startServe(CLI, data, SERVER_PROCESSES);
const redis = await startRedis(join(tmp));
console.log(machineLine());
console.log(`server: svc serve --processes ${SERVER_PROCESSES}`);
console.log(`month end ${MONTH}, ${ORGS} organizations, ${REPEATS} repeat(s); workers with --concurrency 4, in-process with --concurrency 4; ${process.version}, redis ${spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1]}`);
try {
  for (let r = 0; r < REPEATS; r++) {
    await once('in-process', 0, data, url, redis.url, undefined, server.pid);
    for (const n of WORKERS) await once(`${n} worker${n === 1 ? '' : 's'}`, n, data, url, redis.url, redis.child.pid, server.pid);
  }
} finally {
  server.kill('SIGTERM');
  redis.child.kill('SIGTERM');
}
