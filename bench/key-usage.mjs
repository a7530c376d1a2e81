// Key usage of one organization with 10,000 keys over 24 months, fetched through ReportingClient
// (start/end range, split by the client into successive ranges of at most 366 days and merged).
// The dataset comes from `svc samples generate`; the reference server runs in its own process,
// so the peak RSS printed is the client process's alone. Prints what it measured; asserts nothing.
// Run after `npm run build` (it uses dist/): `node bench/key-usage.mjs [keys] [months]`.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportingClient } from '../dist/index.js';
import { benchTemp } from './_processes.mjs';

const KEYS = Number(process.argv[2] ?? 10_000);
const MONTHS = Number(process.argv[3] ?? 24);
const TODAY = '2026-11-20';
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const MB = 1024 * 1024;

const dir = benchTemp('svc-bench-key-usage-');
const data = join(dir, 'data');
let server;
try {
  let t = process.hrtime.bigint();
  const gen = spawnSync(process.execPath, [CLI, 'samples', 'generate', '--orgs', '1', '--keys-per-org', String(KEYS), '--months', String(MONTHS), '--seed', 'bench-key-usage', '--out', data, '--today', TODAY], { encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(`svc samples generate failed: ${gen.stderr}`);
  const genSeconds = Number(process.hrtime.bigint() - t) / 1e9;

  server = spawn(process.execPath, [CLI, 'serve', '--data', data, '--port', '0', '--today', TODAY], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (c) => {
      out += c;
      const m = /^(http:\/\/\S+)\n/m.exec(out);
      if (m) resolve(m[1]);
    });
    server.once('exit', (code) => reject(new Error(`svc serve exited with ${code}`)));
  });

  const tokens = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8'));
  const { org_id: orgId, token } = tokens.orgs[0];
  let requests = 0;
  const answered = [];
  const logger = (l) => {
    if (l.includes('→')) requests++;
    const m = /← 200 .*\((\d+) ms\)/.exec(l);
    if (m) answered.push(Number(m[1]));
  };
  const client = new ReportingClient({ baseUrl: url, orgId, token, env: {}, timeoutMs: 300_000, logger });

  const start = new Date(Date.UTC(2026, 10 - (MONTHS - 1), 1)).toISOString().slice(0, 10);
  const rssBefore = process.memoryUsage().rss / MB;
  t = process.hrtime.bigint();
  const usage = await client.getKeyUsage({ start_date: start, end_date: TODAY });
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  const peakRss = process.resourceUsage().maxRSS / 1024;

  console.log(`dataset: ${KEYS} keys x ${MONTHS} months generated in ${genSeconds.toFixed(1)} s (svc samples generate)`);
  console.log(`key usage ${usage.start_date} – ${usage.end_date}: ${usage.keys.length} keys, ${usage.totals.models.length} models, ${requests} requests (ranges of at most 366 days, merged)`);
  console.log(`total spend USD ${usage.totals.spend_usd.toFixed()}; ${usage.totals.total_tokens} tokens`);
  console.log(`seconds (wall clock of getKeyUsage: server compute + HTTP + schema check + merge): ${seconds.toFixed(2)}`);
  console.log(`of which waiting for response headers (server computing): ${answered.map((ms) => (ms / 1000).toFixed(2)).join(' + ')} s`);
  console.log(`client process RSS before the fetch: ${rssBefore.toFixed(0)} MB; peak RSS of the client process (getrusage maxrss): ${peakRss.toFixed(0)} MB`);
} finally {
  if (server && server.exitCode === null) server.kill('SIGTERM');
}
