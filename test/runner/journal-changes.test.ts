import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { configFor, copySamples, readTokens, svcInProcess } from '../_harness/index.js';
import { csvRows } from '../../src/core/csv/index.js';
import { journalChanges } from '../../src/runner/figures/journal-changes.js';

// A rerun replaces the month's books/journal.csv. An accountant who imported the first one still
// has its vouchers booked: a voucher gone since (an invoice voided on the service), or changed,
// must be said where a person looks, or the books they keep overstate revenue and VAT (an outside
// audit's finding). Over HTTP against the reference server, with the built svc; expected figures
// from the records.

let tmp: string;
let data: string;
let server: ReferenceServer | undefined;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-journal-changes-'));
  data = await copySamples(join(tmp, 'data'));
  server = await startReferenceServer({ dataDir: data });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

interface Changes { previous_sha256: string; removed: Array<{ voucher: string; date: string; debtor_ore: number }>; added: unknown[]; changed: unknown[] }

describe('a rerun whose journal differs from the last run\'s', () => {
  it('names each voucher gone since in the manifest, summary.md and index.html; a rerun that books the same says nothing', async () => {
    const file = join(data, 'invoices', 'kattegat-2026-10.json');
    const record = JSON.parse(await readFile(file, 'utf8')) as { invoice_number: string; total_cents: number; issued_at: string; status: string };
    const tokens = await readTokens(data);
    const out = join(tmp, 'out');
    const month = join(out, '2026-10');
    const run = async () => {
      const { config, env } = configFor(server!.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-kattegat' || o.org_id === 'org-nordlys') });
      await writeFile(join(tmp, 'runs.json'), JSON.stringify(config));
      const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', join(tmp, 'runs.json'), '--out', out, '--language', 'en'], env, { cwd: tmp });
      return { r, env, manifest: JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as { journal_changes?: Changes; files: Array<{ path: string; sha256: string }> } };
    };
    const first = await run();
    expect(first.manifest.journal_changes).toBeUndefined();
    const journalSha = first.manifest.files.find((f) => f.path === 'books/journal.csv')!.sha256;
    expect(await readFile(join(month, 'books', 'journal.csv'), 'utf8')).toContain(record.invoice_number);

    // The service voids Kattegat's invoice; the month is run again.
    await writeFile(file, JSON.stringify({ ...record, status: 'void' }));
    const port = Number(new URL(server!.url).port);
    await server!.close();
    server = await startReferenceServer({ dataDir: data, port });
    const second = await run();
    expect(second.manifest.journal_changes).toEqual({
      previous_sha256: journalSha,
      // The debtor posted the invoice's total: a DKK invoice's own figure.
      removed: [{ voucher: record.invoice_number, date: record.issued_at.slice(0, 10), debtor_ore: record.total_cents }],
      added: [], changed: [],
    });
    const amount = `DKK ${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(record.total_cents / 100)}`;
    const line = `Voucher ${record.invoice_number} (3 Nov 2026, debtor ${amount}) is no longer in the journal.`;
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '');
    expect(summary).toContain("Changes since the last run's journal.");
    expect(summary).toContain('(vouchers gone: 1, changed: 0, new: 0)');
    expect(summary).toContain(line);
    const page = await readFile(join(month, 'index.html'), 'utf8');
    expect(page).toContain(`<li>${line}</li>`);
    expect(await readFile(join(month, 'books', 'journal.csv'), 'utf8')).not.toContain(record.invoice_number);
    const v = await svcInProcess(['verify', month], second.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);

    // Run again with nothing changed: the same journal, nothing to say.
    const third = await run();
    expect(third.manifest.journal_changes).toBeUndefined();
    expect(await readFile(join(month, 'summary.md'), 'utf8')).not.toContain("Changes since the last run's journal");
    await writeFile(file, JSON.stringify(record));
  }, 90_000);
});

describe('a journal that cannot be compared with the last run\'s', () => {
  it('says why, and lists no change: an organization this run did not read, the run after it, a journal edited on disk', async () => {
    const tokens = await readTokens(data);
    const out = join(tmp, 'out-not-compared');
    const month = join(out, '2026-10');
    const run = async (wrongToken = false) => {
      const { config, env } = configFor(server!.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-kattegat' || o.org_id === 'org-nordlys') });
      const kattegat = config.organizations.find((o) => o.org_id === 'org-kattegat')!.token_env;
      await writeFile(join(tmp, 'runs-nc.json'), JSON.stringify(config));
      const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', join(tmp, 'runs-nc.json'), '--out', out, '--language', 'en'], wrongToken ? { ...env, [kattegat]: 'rt_not_the_token_0000000000000000' } : env, { cwd: tmp });
      const manifest = JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as { journal_changes?: unknown; journal_not_compared?: unknown };
      return { r, manifest, summary: (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '') };
    };
    expect((await run()).manifest.journal_not_compared).toBeUndefined();
    // Kattegat's token no longer works: its vouchers are not in this journal, and are not "gone".
    const unread = await run(true);
    expect(unread.r.code).toBe(1);
    expect(unread.manifest.journal_changes).toBeUndefined();
    expect(unread.manifest.journal_not_compared).toEqual({ code: 'run_incomplete', orgs: ['org-kattegat'] });
    expect(unread.summary).toContain("was not compared with the last run's: it lacks the invoices of org-kattegat");
    // The next run, which reads it again, does not call its vouchers "new" against that journal.
    const after = await run();
    expect(after.manifest.journal_changes).toBeUndefined();
    expect(after.manifest.journal_not_compared).toEqual({ code: 'earlier_incomplete' });
    // A journal edited on disk since is not the last run's.
    await writeFile(join(month, 'books', 'journal.csv'), `${await readFile(join(month, 'books', 'journal.csv'), 'utf8')}# imported 2026-12-01\r\n`);
    const edited = await run();
    expect(edited.manifest.journal_not_compared).toEqual({ code: 'earlier_changed' });
    expect(edited.summary).toContain('that file is missing, or not as the last run');
    // And then, with nothing changed, nothing to say.
    const same = await run();
    expect([same.manifest.journal_changes, same.manifest.journal_not_compared]).toEqual([undefined, undefined]);
  }, 120_000);
});

describe('journalChanges and csvRows', () => {
  const head = 'date,voucher,account,text,amount_dkk,vat_code,currency,amount_currency\r\n';
  it('reads quoted cells (commas, doubled quotes, line breaks) and tells gone, changed and new vouchers apart; texts alone change nothing', () => {
    expect(csvRows('a,"b,c","d ""e""","f\r\ng"\r\nh,,i\r\n')).toEqual([['a', 'b,c', 'd "e"', 'f\r\ng'], ['h', '', 'i']]);
    const before = head
      + '2026-11-02,"A,1",6190,"Invoice A,1, Buyer",125.00,,DKK,125.00\r\n2026-11-02,"A,1",1010,x,-100.00,U25,DKK,-100.00\r\n2026-11-02,"A,1",7680,x,-25.00,U25,DKK,-25.00\r\n'
      + '2026-11-03,B-2,6190,"Faktura B-2",1000.00,,DKK,1000.00\r\n2026-11-03,B-2,1010,x,-1000.00,,DKK,-1000.00\r\n'
      + '2026-11-04,C-3,6190,t,50.00,,DKK,50.00\r\n2026-11-04,C-3,1010,t,-50.00,,DKK,-50.00\r\n';
    const after = head
      + '2026-11-03,B-2,6190,"Invoice B-2 in English",1000.00,,DKK,1000.00\r\n2026-11-03,B-2,1010,y,-1000.00,,DKK,-1000.00\r\n'
      + '2026-11-04,C-3,6190,t,60.00,,DKK,60.00\r\n2026-11-04,C-3,1010,t,-60.00,,DKK,-60.00\r\n'
      + '2026-11-05,D-4,6190,t,-10.50,,DKK,-10.50\r\n2026-11-05,D-4,1010,t,10.50,,DKK,10.50\r\n';
    expect(journalChanges(before, after, 'sha')).toEqual({
      previous_sha256: 'sha',
      removed: [{ voucher: 'A,1', date: '2026-11-02', debtor_ore: 12500 }],
      added: [{ voucher: 'D-4', date: '2026-11-05', debtor_ore: -1050 }],
      changed: [{ voucher: 'C-3', date: '2026-11-04', before_ore: 5000, after_ore: 6000 }],
    });
    expect(journalChanges(before, before, 'sha')).toBeUndefined();
  });
});
