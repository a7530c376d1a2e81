import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd, type MonthEndProgress } from '../../src/runner/run/run-month-end.js';
import { verifyRun } from '../../src/verify/index.js';
import { exitCodeOf } from '../../src/cli/month-end/month-end.js';
import { sha256, sha256OfAnswers } from '../../src/runner/manifest/hash.js';
import { startReferenceServer, type ServerFault } from '../../src/server/index.js';
import { configFor, copySamples, readTokens, tempDir, cleanup, type SampleTokens } from '../_harness/index.js';

// An invoice an earlier run of the month made that a rerun does not read again (the service
// withholds its list, or no longer lists it): an outside operator review found the progress line,
// the manifest and `svc verify` disagreeing about the first, the second dropped from the books with
// exit 0, and the good cost workbook replaced by one made without invoices in both. Over real HTTP.

let tmp: string;
let tokens: SampleTokens;
beforeAll(async () => {
  tmp = await tempDir('svc-kept-invoices-');
  const all = await readTokens();
  tokens = { ...all, orgs: all.orgs.filter((o) => o.org_id === 'org-nordlys' || o.org_id === 'org-kattegat') };
});
afterAll(() => cleanup(tmp));

const WORKBOOK = 'org-kattegat/cost-2026-10.xlsx';

/** A good run of October into `out`, then a rerun against a server over `data` with `faults`; the rerun's manifest and progress. */
async function goodRunThenRerun(out: string, data: string, change: () => Promise<void>, faults: ServerFault[] = []) {
  const first = await startReferenceServer({ dataDir: data });
  try {
    const { config, env } = configFor(first.url, tokens);
    const m = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
    expect(m.organizations.map((o) => o.status)).toEqual(['ok', 'ok']);
  } finally {
    await first.close();
  }
  const workbook = await readFile(join(out, '2026-10', WORKBOOK));
  await change();
  const second = await startReferenceServer({ dataDir: data, faults });
  try {
    const { config, env } = configFor(second.url, tokens);
    const progress: MonthEndProgress[] = [];
    const again = await runMonthEnd(config, { outDir: out, month: '2026-10', env, onProgress: (p) => progress.push(p) });
    return { again, progress, workbook };
  } finally {
    await second.close();
  }
}

describe('an earlier run\'s invoice a rerun does not read again', () => {
  it('403 on the invoice list: failed on the progress line, in the manifest and the pages alike; the good workbook kept; verifies clean', async () => {
    const out = join(tmp, 'forbidden');
    const data = await copySamples(join(tmp, 'forbidden-data'));
    const { again, progress, workbook } = await goodRunThenRerun(out, data, async () => {}, [{ path: '/api/orgs/org-kattegat/invoices', status: 403 }]);
    const kattegat = again.organizations.find((o) => o.org_id === 'org-kattegat')!;
    // One status, decided with the outcome: the progress line said "partly skipped" while the manifest said "failed".
    expect(progress.filter((p) => p.organization?.org_id === 'org-kattegat').map((p) => p.organization!.status)).toEqual(['failed']);
    expect(kattegat.status).toBe('failed');
    expect(kattegat.error).toMatch(/^invoices: 403: .*could not read invoice 2026-0144 \(made by an earlier run of this month\) again: its files are kept/);
    expect(kattegat.invoices_not_read).toEqual([{ id: expect.any(String), invoice_number: '2026-0144' }]);
    expect(exitCodeOf(again)).toBe(1);
    const monthDir = join(out, '2026-10');
    expect(await readFile(join(monthDir, 'summary.md'), 'utf8')).toMatch(/\| Name of org-kattegat \| fejlede \|/);
    // The workbook made with the invoice stays: not rewritten from usage without invoices.
    const entry = again.files.find((f) => f.path === WORKBOOK)!;
    expect(entry.status).toBe('kept');
    expect(sha256(await readFile(join(monthDir, WORKBOOK)))).toBe(sha256(workbook));
    expect(JSON.parse(await readFile(join(monthDir, 'books', 'vat-return.json'), 'utf8'))).toMatchObject({
      invoices_not_read: ['org-kattegat'], kept_invoices_not_read: [{ org_id: 'org-kattegat', invoice_number: '2026-0144' }],
    });
    // The replay applies the same rule: 18 differences before.
    expect((await verifyRun(monthDir)).differences).toEqual([]);
  }, 60_000);

  it('an invoice the 200 list no longer has fails its organization naming it; the books list it as not read; the good workbook kept; verifies clean', async () => {
    const out = join(tmp, 'gone');
    const data = await copySamples(join(tmp, 'gone-data'));
    const { again, workbook } = await goodRunThenRerun(out, data, () => rm(join(data, 'invoices', 'kattegat-2026-10.json')));
    const kattegat = again.organizations.find((o) => o.org_id === 'org-kattegat')!;
    expect(kattegat.status).toBe('failed');
    expect(kattegat.error).toMatch(/^invoices: the service's invoice list no longer lists invoice 2026-0144 \(made by an earlier run of this month\) for the month, though invoices are kept, never deleted/);
    expect(exitCodeOf(again)).toBe(1);
    const monthDir = join(out, '2026-10');
    // Its files stay, listed as kept; the books name it as not read rather than drop it without a word.
    expect(again.files.filter((f) => f.path.startsWith('org-kattegat/invoice-2026-0144.')).map((f) => f.status)).toEqual(['kept', 'kept', 'kept']);
    expect(await readFile(join(monthDir, 'books', 'journal.csv'), 'utf8')).not.toContain('2026-0144');
    expect(JSON.parse(await readFile(join(monthDir, 'books', 'vat-return.json'), 'utf8'))).toMatchObject({
      invoices_not_read: ['org-kattegat'], kept_invoices_not_read: [{ org_id: 'org-kattegat', invoice_number: '2026-0144' }],
    });
    const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
    expect(summary).toContain('fakturaerne fra org-kattegat (2026-0144), som denne kørsel ikke kunne læse');
    expect(again.journal_not_compared).toEqual({ code: 'run_incomplete', orgs: ['org-kattegat'] });
    expect(again.files.find((f) => f.path === WORKBOOK)!.status).toBe('kept');
    expect(sha256(await readFile(join(monthDir, WORKBOOK)))).toBe(sha256(workbook));
    expect((await verifyRun(monthDir)).differences).toEqual([]);
  }, 60_000);
});

describe('a cost workbook a rerun keeps', () => {
  it('keeps the answers it was made from beside it (503 on monthly-usage), and a run that makes it again removes them', async () => {
    const out = join(tmp, 'unavailable');
    const data = await copySamples(join(tmp, 'unavailable-data'));
    const monthDir = join(out, '2026-10');
    let earlierIndex = Buffer.alloc(0);
    const { again } = await goodRunThenRerun(out, data, async () => {
      earlierIndex = await readFile(join(monthDir, 'org-kattegat', 'answers', 'index.json'));
    }, [{ path: '/api/orgs/org-kattegat/monthly-usage', status: 503 }]);
    expect(again.organizations.find((o) => o.org_id === 'org-kattegat')!.status).toBe('failed');
    const workbook = again.files.find((f) => f.path === WORKBOOK)!;
    expect(workbook.status).toBe('kept');
    // This run's index (with the 503s) is answers/index.json, as verify replays it; the earlier one,
    // which the kept workbook was made from, is kept beside it: before, it was gone.
    const copy = `org-kattegat/answers/index-${sha256(earlierIndex).slice(0, 16)}.json`;
    expect(again.files.find((f) => f.path === copy)).toMatchObject({ kind: 'api_answers', sha256: sha256(earlierIndex) });
    expect(sha256OfAnswers((JSON.parse(earlierIndex.toString('utf8')) as { answers: [] }).answers)).toBe(workbook.source_sha256);
    expect((await readFile(join(monthDir, 'org-kattegat', 'answers', 'index.json'))).equals(earlierIndex)).toBe(false);
    expect((await verifyRun(monthDir)).differences).toEqual([]);
    // The service answers again: the workbook is made anew, and the copy goes with the answers no index names.
    const server = await startReferenceServer({ dataDir: data });
    try {
      const { config, env } = configFor(server.url, tokens);
      const third = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      expect(third.organizations.map((o) => o.status)).toEqual(['ok', 'ok']);
      expect(third.files.some((f) => f.path === copy)).toBe(false);
      expect(await readdir(join(monthDir, 'org-kattegat', 'answers'))).not.toContain(copy.split('/').pop());
      expect((await verifyRun(monthDir)).differences).toEqual([]);
    } finally {
      await server.close();
    }
  }, 90_000);
});
