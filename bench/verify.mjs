// What keeping the API answers costs and what `svc verify` takes (issue 38): the month folder's
// size with and without the kept answers (the files the manifest lists as `api_answer` and
// `api_answers`: bytes as written, and disk use in the file system's blocks), and the wall and
// CPU time of `svc verify DIR/<month>` (the built CLI in a child process, timed by /usr/bin/time;
// the server stopped first, so it is offline). For the demo (`svc demo`) and for generated
// organizations (`svc samples generate`'s dataset, as bench/month-end.mjs: 3 invoices each, one
// in the month, 50 keys) run by `svc month-end` against `svc serve`. Prints what it measured;
// asserts nothing. Run after `npm run build`: `node bench/verify.mjs [orgs...]` (default 1000).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchTemp, loadNow, machineLine, startServe, writeRunConfig } from './_processes.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const ANSWERS = new Set(['api_answer', 'api_answers']);
const MB = 1e6;

/** Runs the CLI to its end; its output, exit code, and /usr/bin/time's wall and CPU seconds. */
function timed(argv, env = process.env) {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, CLI, ...argv], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, wall: Number(m?.[1]), cpu: Number(m?.[2]) + Number(m?.[3]), rssMb: Number(m?.[4]) / 1024 };
}

/** Bytes and disk use (blocks) of the month folder's files, all and the kept answers alone, from its manifest. */
function sizes(monthDir) {
  const manifest = JSON.parse(readFileSync(join(monthDir, 'manifest.json'), 'utf8'));
  const all = { files: 1, bytes: statSync(join(monthDir, 'manifest.json')).size, disk: statSync(join(monthDir, 'manifest.json')).blocks * 512 };
  const kept = { files: 0, bytes: 0, disk: 0 };
  for (const f of manifest.files) {
    const st = statSync(join(monthDir, f.path));
    for (const t of ANSWERS.has(f.kind) ? [all, kept] : [all]) {
      t.files++;
      t.bytes += st.size;
      t.disk += st.blocks * 512;
    }
  }
  return { all, kept, documents: manifest.files.filter((f) => !ANSWERS.has(f.kind)).length };
}

function report(label, monthDir) {
  const { all, kept } = sizes(monthDir);
  const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`;
  console.log(`${label}: ${all.files} files; with the kept answers ${(all.bytes / MB).toFixed(2)} MB (${(all.disk / MB).toFixed(2)} MB on disk), ` +
    `without ${((all.bytes - kept.bytes) / MB).toFixed(2)} MB (${((all.disk - kept.disk) / MB).toFixed(2)} MB on disk); ` +
    `the ${kept.files} answer files add ${(kept.bytes / MB).toFixed(2)} MB, ${pct(kept.bytes, all.bytes - kept.bytes)} (${pct(kept.disk, all.disk - kept.disk)} on disk)`);
  for (let i = 1; i <= 2; i++) {
    const load = loadNow();
    const v = timed(['verify', monthDir, '--json']);
    const r = JSON.parse(v.stdout);
    console.log(`  svc verify, try ${i}: ${v.wall.toFixed(1)} s wall, ${v.cpu.toFixed(1)} s CPU, peak RSS ${v.rssMb.toFixed(0)} MB, exit ${v.code}; ` +
      `${r.differences.length} differences, ${r.checked.files} files hashed, ${r.checked.documents} documents made again for ${r.checked.units} units; load ${load} -> ${loadNow()}`);
  }
}

console.log(machineLine());
const tmp = benchTemp('svc-bench-verify-');
const demo = timed(['demo', '--out', join(tmp, 'demo')]);
if (demo.code !== 0) throw new Error(`svc demo exited ${demo.code}: ${demo.stderr}`);
report('demo (4 organizations, partner workbook)', join(tmp, 'demo', '2026-10'));

const sizesArg = process.argv.slice(2).map(Number).filter((n) => n > 0);
const { generateDataset } = await import('../dist/testing.js');
for (const orgs of sizesArg.length ? sizesArg : [1000]) {
  const data = join(tmp, `data-${orgs}`);
  generateDataset({ orgs, keysPerOrg: 50, months: 4, invoicesPerOrg: 3, seed: 'bench-month-end', out: data });
  const { server, url } = await startServe(CLI, data, availableParallelism());
  const out = join(tmp, `out-${orgs}`);
  let run;
  try {
    const { config, env } = writeRunConfig(data, url);
    run = timed(['month-end', '--month', '2026-10', '--config', config, '--out', out, '--json'], env);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  console.log(`${orgs} organizations: svc month-end ${run.wall.toFixed(1)} s wall, ${run.cpu.toFixed(1)} s CPU (exit ${run.code}), the server stopped before verifying`);
  report(`${orgs} organizations`, join(out, '2026-10'));
}