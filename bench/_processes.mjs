// What the month-end benches read about their child processes, and the run config they give
// `svc month-end`. Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** The variable in which `npm run bench` (bench/run.mjs) names the one folder its benches write under. */
export const BENCH_TMP_ENV = 'SVC_BENCH_TMP';

const made = [];

/**
 * A new temp folder for a bench's files, removed only when no bench runs any more: under `npm run
 * bench` it lies in the folder bench/run.mjs removes after the last bench; a bench run by hand
 * removes its own when its process exits. Never between measured runs: on ext4 without a journal
 * (the team's machines), creating a file within a few minutes of deleting many costs the kernel
 * 100-250 µs, not about 9 µs (it steps over each recently freed inode in turn), so a bench that
 * removed one run's output just before the next charged that run for it (bench/README.md).
 */
export function benchTemp(prefix) {
  const parent = process.env[BENCH_TMP_ENV];
  if (parent) {
    mkdirSync(parent, { recursive: true });
    return mkdtempSync(join(parent, prefix));
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (made.push(dir) === 1) process.once('exit', () => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return dir;
}

/** A process's peak RSS so far (the kernel's high-water mark, VmHWM) in MB; NaN once it has gone. */
export function peakMbOf(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? (Number(m[1]) * 1024) / MB : NaN;
  } catch {
    return NaN;
  }
}

/** The thread ids of a process (Linux: /proc/PID/task); none once it has gone. */
function tasksOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** A /proc stat file's command name and CPU seconds (utime + stime, in clock ticks of 1/100 s); throws once it has gone. */
function readStat(path) {
  const text = readFileSync(path, 'utf8');
  // The name is in parentheses and may itself hold spaces and parentheses: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const user = Number(fields[11]) / 100;
  const system = Number(fields[12]) / 100;
  return { name: text.slice(text.indexOf('(') + 1, close), cpu: user + system, user, system };
}

/** CPU seconds a process has used so far (all its threads); NaN once it has gone. */
export function cpuSecondsOf(pid) {
  try {
    return readStat(`/proc/${pid}/stat`).cpu;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds a process has used so far in its own code (user) and in the kernel on its behalf
 * (system: file and socket calls, page faults); undefined once it has gone.
 */
export function cpuPartsOf(pid) {
  try {
    const { user, system } = readStat(`/proc/${pid}/stat`);
    return { user, system };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of each thread of a process so far, by thread id, with its name (`comm`). On Node 20
 * every thread is called "node"; newer Node.js and V8 name theirs. Read it often and keep each
 * thread's last figure: a thread that has ended is no longer listed.
 */
export function threadCpuOf(pid, into = new Map()) {
  for (const t of tasksOf(pid)) {
    try {
      into.set(t, readStat(`/proc/${pid}/task/${t}/stat`));
    } catch {
      // The thread ended between the listing and the read; its last figure stands.
    }
  }
  return into;
}

/**
 * Threads' CPU (threadCpuOf) as a line: the main thread (its id is the process's), then the
 * others, largest first, each by its name where it has one of its own, else by id.
 */
export function threadCpuLine(pid, threads) {
  const main = threads.get(String(pid));
  const others = [...threads].filter(([t, s]) => t !== String(pid) && s.cpu > 0).sort((a, b) => b[1].cpu - a[1].cpu);
  const othersCpu = others.reduce((a, [, s]) => a + s.cpu, 0);
  const shown = others.map(([t, s]) => `${s.name === 'node' ? `thread ${t}` : s.name} ${s.cpu.toFixed(1)} s`);
  return `main ${main ? main.cpu.toFixed(1) : '?'} s, the other ${others.length} ${othersCpu.toFixed(1)} s (${shown.join(', ')})`;
}

/**
 * Writes `DATA/runs.json` naming every organization of a generated dataset (its name = its id),
 * each token in an environment variable of its own; returns the config's path and that environment.
 */
export function writeRunConfig(dataDir, baseUrl) {
  const tokens = JSON.parse(readFileSync(join(dataDir, 'tokens.json'), 'utf8'));
  const env = { ...process.env, CI: '1' };
  const organizations = tokens.orgs.map(({ org_id, token }, i) => {
    env[`SVC_BENCH_T${i}`] = token;
    return { org_id, name: org_id, token_env: `SVC_BENCH_T${i}` };
  });
  const config = join(dataDir, 'runs.json');
  writeFileSync(config, JSON.stringify({ base_url: baseUrl, organizations }));
  return { config, env };
}

/** The processes `pid` started (Linux: the children files under /proc/PID/task), and theirs, recursively. */
export function descendantsOf(pid) {
  const out = [];
  for (const t of tasksOf(pid)) {
    let kids = '';
    try {
      kids = readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const k of kids.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(k, ...descendantsOf(k));
  }
  return out;
}

/** CPU seconds of a process and every process below it (a `svc serve --processes N` and its N serving processes). */
export function treeCpuSecondsOf(pid) {
  return [pid, ...descendantsOf(pid)].reduce((s, p) => s + (cpuSecondsOf(p) || 0), 0);
}

/** Peak RSS (VmHWM) of each process below `pid`, in MB. */
export function childPeaksMbOf(pid) {
  return descendantsOf(pid).map(peakMbOf);
}

/** One line saying what the figures were measured on: cores, CPU model, load average (1, 5, 15 min). */
export function machineLine() {
  return `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? '?'}), load average ${loadNow()} (1, 5, 15 min; 2 cores are full at 2)`;
}

/** The load average now, e.g. "4.1 5.0 6.2". */
export function loadNow() {
  return loadavg().map((l) => l.toFixed(1)).join(' ');
}

/** Starts `svc serve --data DIR --processes N` on a free loopback port; resolves with the child and its URL once all N listen. */
export async function startServe(cli, dataDir, processes, nodeArgs = []) {
  const server = spawn(process.execPath, [...nodeArgs, cli, 'serve', '--data', dataDir, '--port', '0', '--processes', String(processes)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  server.stderr.on('data', (d) => (err += d));
  const url = await new Promise((resolve, reject) => {
    server.stdout.once('data', (d) => resolve(String(d).trim()));
    server.once('exit', (code) => reject(new Error(`svc serve exited ${code}: ${err}`)));
  });
  return { server, url };
}

/**
 * Which side kept the cores busy: each side's CPU seconds over the run's wall time is the cores it
 * used on average, beside the cores it could use (`sides`: [name, cpuSeconds, coresItCanUse]).
 */
export function limitLine(wall, sides) {
  const cores = availableParallelism();
  const used = sides.map(([name, cpu, can]) => ({ name, busy: cpu / wall, can: Math.min(can, cores) }));
  const total = used.reduce((a, u) => a + u.busy, 0);
  const parts = used.map((u) => `${u.name} ${u.busy.toFixed(2)} of ${u.can} core${u.can === 1 ? '' : 's'}`).join(', ');
  const busiest = used.reduce((a, u) => (u.busy / u.can > a.busy / a.can ? u : a));
  const verdict = total >= cores * 0.9 ? `the machine's ${cores} cores were full (the two sides together ${total.toFixed(2)})`
    : busiest.busy >= busiest.can * 0.9 ? `${busiest.name} ${busiest.name === 'the workers' ? 'were' : 'was'} the limit` : 'neither side filled its cores (waits: I/O, the other side, the machine\'s other load)';
  return `cores busy on average: ${parts}; ${verdict}`;
}
