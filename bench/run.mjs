// `npm run bench`: runs every bench/*.mjs except this one, one after another, each in its own process.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs').sort()) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, [dir + file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
