// Instructions per document, counted by valgrind (callgrind). Unlike time, the count does not move
// with the machine's load or with the speed of the host it runs on that day, so builds measured on
// different days, or side by side on a busy machine, compare. Each case runs twice in processes of
// its own, N1 and N2 documents; (I2 - I1) / (N2 - N1) is what one more document costs once N1 are
// done (Node's start, module loading and the first documents' compiling cancel out). Every thread
// is counted; the kernel's work is not. A count is not time (a cache miss counts as nothing), and
// valgrind's CPU has no SHA extensions (sha256 counts its AVX2 code). Prints what it measured;
// asserts nothing; skips itself where valgrind is not installed. Run after `npm run build`:
// `node bench/instructions.mjs [typical] [long] [xml] [ubl] [workbook]` (default: typical, long). No month
// end: its checkpoints are paced by the clock, and under valgrind's slowdown it would write one
// after nearly every organization, work a run does not do natively (bench/README.md).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './_processes.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const LOOP = join(ROOT, 'bench/_render-loop.mjs');
// [N1, N2] per case: N1 past V8's compiling of the hot code, N2 - N1 wide enough that the
// collector's full collections average out. Typical invoices of 9c6dbaa (bench/README.md): 6.69 M
// instructions each from the 50th to the 300th, 4.64 M from the 300th to the 800th, 3.48 M from the
// 800th to the 1,300th; 4.06 M over the 1,000 from the 300th.
const RENDERS = { typical: [300, 1300], long: [60, 260], xml: [300, 1300], ubl: [1000, 5000], workbook: [50, 450] };
const LABELS = { typical: 'typical invoice PDF/A (7 lines)', long: 'long invoice PDF/A (150 lines)', xml: 'typical PDF/A with its e-invoice inside', ubl: 'typical e-invoice (UBL) alone', workbook: "Nordlys's October cost workbook" };

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(a in LABELS));
if (unknown.length) {
  console.error(`bench/instructions.mjs: unknown case ${unknown.join(', ')} (cases: ${Object.keys(LABELS).join(', ')})`);
  process.exit(2);
}
const cases = asked.length ? asked : ['typical', 'long'];

const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
if (valgrind.status !== 0) {
  console.log('instructions: skipped, valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(0);
}
console.log(`${machineLine()}; node ${process.version}; ${valgrind.stdout.trim()}`);

/** Runs `argv` under callgrind; resolves with the instructions it counted (all threads) and the exit code. */
function counted(argv) {
  // V8 writes and rewrites its compiled code in memory: valgrind must look for that (--smc-check).
  // V8's --predictable: the collector and the compilers on the main thread, on no clock, so one
  // process counts the same twice (two runs of 100 typical invoices: 2,196.7 and 2,194.7 M with
  // it, 2,190.3 and 2,161.7 M without, where the collector's helper threads race the main one).
  const vg = spawn('valgrind', ['--tool=callgrind', '--smc-check=all-non-file', '--callgrind-out-file=/dev/null', process.execPath, '--predictable', ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  vg.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => {
    vg.on('exit', (code) => {
      const n = /Collected : (\d+)/.exec(err)?.[1];
      resolve({ code, instructions: n === undefined ? NaN : Number(n), err });
    });
  });
}

const millions = (n) => `${(n / 1e6).toFixed(2)} M`;

function report(name, [n1, n2], [a, b], seconds) {
  const failed = [a, b].find((r) => r.code !== 0 || Number.isNaN(r.instructions));
  if (failed) {
    console.log(`${LABELS[name].padEnd(42)} failed (exit ${failed.code}): ${failed.err.trim().split('\n').slice(-3).join(' | ')}`);
    return;
  }
  const per = (b.instructions - a.instructions) / (n2 - n1);
  console.log(`${LABELS[name].padEnd(42)} ${millions(per).padStart(9)} instructions a document  (${millions(a.instructions)} for ${n1}, ${millions(b.instructions)} for ${n2}; ${seconds.toFixed(0)} s under valgrind)`);
}

for (const name of cases) {
  const t0 = performance.now();
  // Both at once: a count does not depend on what else the machine runs.
  const runs = await Promise.all(RENDERS[name].map((n) => counted([LOOP, name, String(n)])));
  report(name, RENDERS[name], runs, (performance.now() - t0) / 1000);
}
