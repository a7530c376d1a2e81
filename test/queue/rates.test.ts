import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, readTokens, svcInProcess, useQueue } from '../_harness/index.js';

// `svc month-end --queue … --rates FILE` with a `svc worker` on a real redis-server, over the
// bundled samples: the coordinator checks the file and copies it into the month folder, the job
// names that copy (never its content) and the worker reads it there, so the EUR invoice of
// org-fjordline reaches DKK on the worker as in one process.

const ECB = 'Date,USD,DKK,\n2026-11-04,1.0879,7.4603,\n2026-11-03,1.0873,7.4604,\n2026-11-02,1.0860,7.4608,\n';


describe.runIf(runs(hasRedis))('a month end on a queue with a rates file', () => {
  const q = useQueue({ prefix: 'svc-queue-rates-', server: {} });

  it('converts on the worker at the run\'s rates, read from the month folder\'s copy', async () => {
    const { config, env } = configFor(q.server.url, await readTokens());
    await writeFile(join(q.tmp, 'runs.json'), JSON.stringify(config));
    await writeFile(join(q.tmp, 'eurofxref-hist.csv'), ECB);
    const out = join(q.tmp, 'out');
    const coordinator = svcInProcess(['month-end', '--month', '2026-10', '--config', 'runs.json', '--out', out, '--queue', q.redis.url, '--rates', 'eurofxref-hist.csv'], {}, { cwd: q.tmp });
    const worker = q.start(['worker', '--queue', q.redis.url, '--month', '2026-10'], env);
    const r = await coordinator;
    worker.child.kill('SIGTERM');
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.options.rates).toMatchObject({ name: 'eurofxref-hist.csv', path: 'exchange-rates.csv', source: 'ecb' });
    expect(await readFile(join(out, '2026-10', 'exchange-rates.csv'), 'utf8')).toBe(ECB);
    // 2026-0143, EUR, invoiced 3 November 2026: 2,096.12 × 7.4604 = 15,637.893… → 15,637.89 (by hand).
    const eur = manifest.organizations.flatMap((o) => o.invoices).find((i) => i.invoice_number === '2026-0143')!;
    expect(eur.dkk).toMatchObject({ source: 'ecb', dkk: '7.4604', rate_date: '2026-11-03', total_cents: 1563789 });
    expect(existsSync(join(out, '2026-10', 'org-fjordline', 'cost-2026-10.xlsx'))).toBe(true);
  }, 180_000);
});

if (!runs(hasRedis)) it.skip(`queue: a rates file: ${NO_REDIS_REASON}`, () => {});
