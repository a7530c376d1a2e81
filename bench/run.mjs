// `npm run bench`: runs every bench/*.mjs except this one, one after another, each in its own
// process, and prints the machine's core count and load average before and after each, so every
// figure printed comes with the load it was measured at. Asserts nothing.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_TMP_ENV, loadNow, machineLine } from './_processes.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));
let failed = 0;
// Every bench's files under one folder, removed after the last bench, not by each bench as it
// ends: deleting thousands of files makes the next minutes' file creations dearer on some file
// systems, which the next bench would measure (benchTemp in _processes.mjs).
const tmp = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const env = { ...process.env, [BENCH_TMP_ENV]: tmp };
console.log(`${machineLine()}; node ${process.version}; ${new Date().toISOString()}`);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs') && !f.startsWith('_') && f !== 'run.mjs').sort()) {
  console.log(`\n== bench/${file} (load average ${loadNow()}, ${new Date().toISOString().slice(11, 19)} UTC)`);
  const r = spawnSync(process.execPath, [dir + file], { stdio: 'inherit', env });
  if (r.status !== 0) failed++;
  console.log(`== bench/${file} done (exit ${r.status}; load average ${loadNow()}, ${new Date().toISOString().slice(11, 19)} UTC)`);
}
rmSync(tmp, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
