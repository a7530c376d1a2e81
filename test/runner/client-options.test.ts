// The month end's client settings (`client`: the deadline and the body caps of issue 14, faults 3
// and 7) reach every request of the run, on one thread and on worker threads.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { RunOptionError } from '../../src/runner/options/run-option-error.js';
import { configFor, readTokens, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();
// One folder for the file's runs, removed at the end (each run had its own, left in /tmp).
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-client-opts-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('runMonthEnd client options', () => {
  test('a bad cap or deadline is refused before anything runs, naming the option', async () => {
    const { config, env } = configFor(server.url, await readTokens());
    const outDir = join(tmp, 'refused');
    await expect(runMonthEnd(config, { outDir, month: '2026-10', env, client: { maxResponseBytes: { records: 0 } } })).rejects.toThrow(RunOptionError);
    await expect(runMonthEnd(config, { outDir, month: '2026-10', env, client: { timeoutMs: -1 } })).rejects.toThrow('client.timeoutMs: must be a whole number of milliseconds, at least 1');
  });

  for (const threads of [0, 1]) {
    test(`a key-usage cap below the data fails each cost workbook with the cap named (threads ${threads})`, async () => {
      const tokens = await readTokens();
      const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') });
      const outDir = join(tmp, `threads-${threads}`);
      // Worker threads run the built package (dist/), as `svc month-end --threads` does.
      const run: typeof runMonthEnd = threads ? (await import('../../dist/runner/run/run-month-end.js')).runMonthEnd : runMonthEnd;
      const m = await run(config, { outDir, month: '2026-10', env, threads, client: { maxResponseBytes: { keyUsage: 100 } } });
      const org = m.organizations[0]!;
      expect(org.parts.find((p) => p.part === 'invoices')?.status).toBe('ok');
      const cost = org.parts.find((p) => p.part === 'cost_workbook');
      expect(cost?.status).toBe('failed');
      expect(cost?.reason).toContain('the answer is larger than the 100 bytes allowed for key usage');
    });
  }
});
