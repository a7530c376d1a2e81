import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { pdfPageTexts } from '../_pdf-text.js';
import { configFor, copySamples, readTokens, svcInProcess } from '../_harness/index.js';

// A credit note once made stays made. Kattegat's October invoice 2026-0144 is first served with a
// Polish buyer and 25 % Danish VAT (an error: the run holds it back and makes credit note KN-1),
// then as the samples have it, valid: what an upgraded svc finds in a record an older one held
// back, or a record the service corrected in place after it was credited. The rerun must not book
// the invoice beside the credit note that cancels it (the books would state its revenue and VAT
// while the credit note, perhaps sent, takes them back). The month end through the built svc,
// against the reference server over HTTP, restarted on the same port with the other record.

const NUMBER = '2026-0144';
let tmp: string;
let data: string;
let server: ReferenceServer | undefined;
let original: string;
const file = () => join(data, 'invoices', 'kattegat-2026-10.json');

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-credited-'));
  data = await copySamples(join(tmp, 'data'));
  original = await readFile(file(), 'utf8');
  const polish = JSON.parse(original) as { buyer: Record<string, string> };
  Object.assign(polish.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' });
  await writeFile(file(), JSON.stringify(polish));
  server = await startReferenceServer({ dataDir: data });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

interface Entry { invoice_number: string; status: string; held_back?: true; files: string[]; einvoice?: string; einvoice_code?: string; findings?: Array<{ code: string; severity: string; params?: Record<string, unknown> }>; credit_note?: Record<string, unknown> }
const entryIn = async (month: string): Promise<Entry> => {
  const m = JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as { organizations: Array<{ invoices: Entry[] }> };
  return m.organizations.flatMap((o) => o.invoices).find((i) => i.invoice_number === NUMBER)!;
};

/** The reference server started again on its port, serving the data as the files now have it. */
async function restart(): Promise<void> {
  const port = Number(new URL(server!.url).port);
  await server!.close();
  server = undefined;
  server = await startReferenceServer({ dataDir: data, port });
}

/** Kattegat's October invoice served with the Polish buyer and 25 % Danish VAT: wrong, so held back and credited. */
async function servePolishBuyer(): Promise<void> {
  const polish = JSON.parse(original) as { buyer: Record<string, string> };
  Object.assign(polish.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' });
  await writeFile(file(), JSON.stringify(polish));
  await restart();
}

/** svc month-end of one organization into `out`, with the credit-note series KN-, credit notes dated `date`. */
async function monthEnd(orgId: string, out: string, options: { month?: string; date?: string; extra?: string[]; token?: string } = {}) {
  const tokens = await readTokens(data);
  const configured = configFor(server!.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === orgId) });
  const { config } = configured;
  // A token that no longer works (the organization's invoices not read), where asked for.
  const env = options.token ? { ...configured.env, [config.organizations[0]!.token_env]: options.token } : configured.env;
  const runs = join(tmp, `runs-${orgId}.json`);
  await writeFile(runs, JSON.stringify({ ...config, credit_notes: { prefix: 'KN-', next: 1 } }));
  const r = await svcInProcess(['month-end', '--month', options.month ?? '2026-10', '--config', runs, '--out', out, '--language', 'en', '--credit-note-date', options.date ?? '2026-11-20', ...(options.extra ?? [])], env, { cwd: tmp });
  return { r, env };
}

describe('an invoice an earlier run of the month credited, valid to this run', () => {
  it('stays held back with its credit note, is booked nowhere, and svc verify finds the folder as made', async () => {
    const run = (date: string, extra: string[] = []) => monthEnd('org-kattegat', join(tmp, 'out'), { date, extra });
    const month = join(tmp, 'out', '2026-10');

    // The first run: the invoice is wrong, held back, and credited.
    const first = await run('2026-11-20');
    expect(first.r.code, first.r.stderr).toBe(3);
    const before = await entryIn(month);
    expect(before.held_back).toBe(true);
    expect(before.findings?.[0]?.code).toBe('danish_vat_to_eu_business');
    expect(before.credit_note).toMatchObject({ status: 'made', number: 'KN-1', issue_date: '2026-11-20' });
    const note = join(month, 'org-kattegat', 'credit-note-KN-1');
    const [madePdf, madeXml] = await Promise.all([readFile(`${note}.pdf`), readFile(`${note}.xml`)]);

    // The service now serves the record valid; the rerun (another day, on worker threads).
    await writeFile(file(), original);
    await restart();
    const second = await run('2026-12-01', ['--threads', '2']);
    expect(second.r.code, second.r.stderr).toBe(3);
    const entry = await entryIn(month);
    // The record's own check finds nothing; the run's finding holds it back, naming the credit note.
    expect(entry.status).toBe('issued');
    expect(entry.held_back).toBe(true);
    expect(entry.findings?.map((f) => [f.code, f.severity])).toEqual([['credited_earlier', 'error']]);
    expect(entry.findings?.[0]?.params).toEqual({ number: 'KN-1', date: '2026-11-20', invoice: NUMBER, form: 'run', month: '' });
    // The credit note keeps its number and date; no e-invoice asks for payment of the invoice.
    expect(entry.credit_note).toMatchObject({ status: 'made', number: 'KN-1', issue_date: '2026-11-20' });
    expect(entry.einvoice).toBe('failed');
    expect(entry.einvoice_code).toBe('credited_earlier');
    expect(existsSync(join(month, 'org-kattegat', `invoice-${NUMBER}.xml`))).toBe(false);
    expect(entry.files).toContain('org-kattegat/credit-note-KN-1.pdf');
    // The credit note is the one issued, byte for byte, though the record it mirrored has changed
    // since (it credits the Polish buyer the invoice was issued to): kept, never made again.
    expect((await readFile(`${note}.pdf`)).equals(madePdf)).toBe(true);
    expect((await readFile(`${note}.xml`)).equals(madeXml)).toBe(true);
    const files = (JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as { files: Array<{ path: string; status: string }> }).files;
    expect(files.filter((f) => f.path.startsWith('org-kattegat/credit-note-KN-1.')).map((f) => f.status)).toEqual(['kept', 'kept']);
    expect((await pdfPageTexts(madePdf)).join(' ')).toContain('Bałtyk Logistyka');

    // Its PDF says it is not valid and why, and asks for no payment.
    const words = (await pdfPageTexts(await readFile(join(month, 'org-kattegat', `invoice-${NUMBER}.pdf`)))).join(' ').replace(/\s+/g, ' ');
    expect(words).toContain('NOT VALID');
    expect(words).toContain(`credit note KN-1 of 2026-11-20, made by an earlier run of this month, cancels invoice ${NUMBER}`);
    expect(words).not.toMatch(/Payment reference|Due date/);

    // The books leave out the invoice with its credit note: no line of the journal names it.
    expect(await readFile(join(month, 'books', 'journal.csv'), 'utf8')).not.toContain(NUMBER);
    // A person is told, where they look.
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '');
    expect(summary).toContain(`credit note KN-1 of 2026-11-20, made by an earlier run of this month, cancels invoice ${NUMBER}`);
    expect(second.r.stderr + second.r.stdout).toMatch(/held back/);

    // svc verify re-derives the organization from its kept answers and the credit notes the
    // manifest lists: the same finding, nothing amiss.
    const v = await svcInProcess(['verify', month], second.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
    expect(v.stdout + v.stderr).toMatch(/2 files kept from an earlier run of the month/);
  }, 90_000);

  it('verifies a month as its run made it after a later month credits one of its invoices', async () => {
    const out = join(tmp, 'out-later');
    const october = await monthEnd('org-kattegat', out);
    expect(october.r.code, october.r.stderr).toBe(0);
    // The service moves the invoice into November and voids it there: November's run credits it.
    const record = JSON.parse(original) as Record<string, unknown>;
    await writeFile(file(), JSON.stringify({ ...record, status: 'void', period_start: '2026-11-01', period_end: '2026-11-30' }));
    await restart();
    await monthEnd('org-kattegat', out, { month: '2026-11' });
    expect(existsSync(join(out, '2026-11', 'org-kattegat', 'credit-note-KN-1.pdf'))).toBe(true);
    // October's folder is as its run made it: verify re-derives it with what that run found.
    const v = await svcInProcess(['verify', join(out, '2026-10')], october.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
    await writeFile(file(), original);
    await restart();
  }, 90_000);

  it('refuses to make an issued credit note again from a changed record when its PDF is gone, keeping its XML', async () => {
    const out = join(tmp, 'out-gone');
    await servePolishBuyer();
    expect((await monthEnd('org-kattegat', out)).r.code).toBe(3);
    const note = join(out, '2026-10', 'org-kattegat', 'credit-note-KN-1');
    const [pdf, xml] = await Promise.all([readFile(`${note}.pdf`), readFile(`${note}.xml`)]);
    // The record corrected in place; the issued PDF deleted (moved away, say).
    await writeFile(file(), original);
    await restart();
    await rm(`${note}.pdf`);
    for (const _ of [1, 2]) {
      const again = await monthEnd('org-kattegat', out);
      // A credit note that cannot be made is a failure: exit 1 (not 3), and the closing lines say where to look.
      expect(again.r.code, again.r.stderr).toBe(1);
      expect(again.r.stdout).toContain('1 credit note could not be made (why is in the summary); a rerun makes it once the cause is gone.');
      const entry = await entryIn(join(out, '2026-10'));
      // Still cancelled, the number still its own; nothing made from the corrected record.
      expect(entry.findings?.map((f) => f.code)).toEqual(['credited_earlier']);
      expect(entry.credit_note).toMatchObject({ status: 'failed', number: 'KN-1', issue_date: '2026-11-20' });
      expect(String(entry.credit_note?.reason)).toContain('cannot be made again as issued');
      expect(existsSync(`${note}.pdf`)).toBe(false);
      expect((await readFile(`${note}.xml`)).equals(xml)).toBe(true);
      expect(await readFile(join(out, '2026-10', 'books', 'journal.csv'), 'utf8')).not.toContain(NUMBER);
      // The issued PDF is still listed, and svc verify names it missing until it is put back.
      const v = await svcInProcess(['verify', join(out, '2026-10')], again.env, { cwd: tmp });
      expect(v.code).toBe(1);
      expect(v.stdout + v.stderr).toContain('org-kattegat/credit-note-KN-1.pdf: missing (the manifest lists it)');
    }
    // Put back as issued: the credit note is made again as it was (kept), and the folder verifies.
    await writeFile(`${note}.pdf`, pdf);
    const back = await monthEnd('org-kattegat', out);
    expect(back.r.code).toBe(3);
    expect((await entryIn(join(out, '2026-10'))).credit_note).toMatchObject({ status: 'made', number: 'KN-1', issue_date: '2026-11-20', einvoice: 'written' });
    const v = await svcInProcess(['verify', join(out, '2026-10')], back.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
  }, 90_000);

  it('keeps an issued credit note whose files are both gone as made: the invoice stays cancelled, its number is never given again', async () => {
    const out = join(tmp, 'out-both-gone');
    await servePolishBuyer();
    expect((await monthEnd('org-kattegat', out)).r.code).toBe(3);
    await writeFile(file(), original);
    await restart();
    const note = join(out, '2026-10', 'org-kattegat', 'credit-note-KN-1');
    await rm(`${note}.pdf`);
    await rm(`${note}.xml`);
    // Reruns, one of them with Kattegat's token failing (its invoices not read): the credit note stays made.
    for (const badToken of [false, true, false, false]) {
      const again = await monthEnd('org-kattegat', out, badToken ? { token: 'rt_not_the_token_0000000000000000' } : {});
      // Failed either way: Kattegat's token, or (with it) the credit note whose files are gone.
      expect(again.r.code, again.r.stderr).toBe(1);
      if (badToken) continue;
      const entry = await entryIn(join(out, '2026-10'));
      expect(entry.findings?.map((f) => f.code)).toEqual(['credited_earlier']);
      expect(entry.credit_note).toMatchObject({ status: 'failed', number: 'KN-1' });
      expect(existsSync(`${note}.pdf`)).toBe(false);
      expect(await readFile(join(out, '2026-10', 'books', 'journal.csv'), 'utf8')).not.toContain(NUMBER);
      // svc verify names the issued credit note's files missing, as the manifest still lists them.
      const v = await svcInProcess(['verify', join(out, '2026-10')], again.env, { cwd: tmp });
      expect(v.code).toBe(1);
      expect(v.stdout + v.stderr).toContain('org-kattegat/credit-note-KN-1.pdf: missing (the manifest lists it)');
    }
    // Another organization's credit note of the month takes the next number, not KN-1.
    const tokens = await readTokens(data);
    const { config, env } = configFor(server!.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-kattegat' || o.org_id === 'org-nordlys') });
    await writeFile(join(tmp, 'runs-two.json'), JSON.stringify({ ...config, credit_notes: { prefix: 'KN-', next: 1 } }));
    const both = await svcInProcess(['month-end', '--month', '2026-10', '--config', join(tmp, 'runs-two.json'), '--out', out, '--language', 'en', '--credit-note-date', '2026-11-20'], env, { cwd: tmp });
    // Kattegat's credit note, whose files are gone, still cannot be made: a failure, exit 1.
    expect(both.code, both.stderr).toBe(1);
    const m = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { organizations: Array<{ invoices: Entry[] }> };
    const numbers = m.organizations.flatMap((o) => o.invoices).flatMap((i) => (i.credit_note?.number ? [[i.invoice_number, i.credit_note.number]] : []));
    expect(numbers).toEqual([['2026-0131', 'KN-2'], [NUMBER, 'KN-1']]);
  }, 120_000);

  it('makes the PDF anew when the run\'s reason to hold it back changes (a shared reference, then the credit note made for it)', async () => {
    // Nordlys' 2026-0142 asks for the FI line its 2026-0131 also asks for while that one is issued:
    // held back (payment_id_shared) and credited. Then 2026-0131 is void again: 2026-0142 stays
    // cancelled (credited_earlier), and its PDF must say so, not the reference it no longer shares.
    const line = '+71<000000000980003+85109074<';
    const files = ['nordlys-2026-10.json', 'nordlys-2026-10-void.json'].map((n) => join(data, 'invoices', n));
    const originals = await Promise.all(files.map((f) => readFile(f, 'utf8')));
    const edit = async (voidStatus: string) => {
      for (const [i, f] of files.entries()) {
        const record = JSON.parse(originals[i]!) as { status: string; buyer: Record<string, string> };
        record.buyer.payment_reference = line;
        if (i === 1) record.status = voidStatus;
        await writeFile(f, JSON.stringify(record));
      }
    };
    const out = join(tmp, 'out-shared');
    const run = () => monthEnd('org-nordlys', out);
    const entry = async () => {
      const m = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { organizations: Array<{ invoices: Entry[] }> };
      return m.organizations.flatMap((o) => o.invoices).find((i) => i.invoice_number === '2026-0142')!;
    };
    const pdfWords = async () => (await pdfPageTexts(await readFile(join(out, '2026-10', 'org-nordlys', 'invoice-2026-0142.pdf')))).join(' ').replace(/\s+/g, ' ');

    await edit('issued');
    await restart();
    expect((await run()).r.code).toBe(3);
    expect((await entry()).findings?.[0]?.code).toBe('payment_id_shared');
    expect(await pdfWords()).toContain('the payment reference');

    await edit('void');
    await restart();
    const second = await run();
    expect(second.r.code, second.r.stderr).toBe(3);
    const after = await entry();
    expect(after.findings?.map((f) => f.code)).toEqual(['credited_earlier']);
    const words = await pdfWords();
    expect(words).toContain('credit note KN-1 of 2026-11-20, made by an earlier run of this month, cancels invoice 2026-0142');
    expect(words).not.toContain('the payment reference');
    const v = await svcInProcess(['verify', join(out, '2026-10')], second.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
    await Promise.all(files.map((f, i) => writeFile(f, originals[i]!)));
  }, 90_000);

  it('stays cancelled when the service moves it to another month: the credit note of that month\'s run cancels it, not made twice', async () => {
    const out = join(tmp, 'out-moved');
    const run = (month: string) => monthEnd('org-kattegat', out, { month });
    // October: the invoice with the Polish buyer, held back and credited (KN-1, in 2026-10's folder).
    const record = JSON.parse(original) as { period_start: string; period_end: string; buyer: Record<string, string> };
    await writeFile(file(), JSON.stringify({ ...record, buyer: { ...record.buyer, legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' } }));
    await restart();
    expect((await run('2026-10')).r.code).toBe(3);
    expect(existsSync(join(out, '2026-10', 'org-kattegat', 'credit-note-KN-1.pdf'))).toBe(true);

    // The service then serves it valid, for November's period.
    await writeFile(file(), JSON.stringify({ ...record, period_start: '2026-11-01', period_end: '2026-11-30' }));
    await restart();
    const november = await run('2026-11');
    expect(november.r.code, november.r.stderr).toBe(3);
    const month = join(out, '2026-11');
    const entry = await entryIn(month);
    expect(entry.held_back).toBe(true);
    expect(entry.findings?.map((f) => [f.code, f.params?.month])).toEqual([['credited_earlier', '2026-10']]);
    expect(entry.credit_note).toEqual({ status: 'made', number: 'KN-1', issue_date: '2026-11-20', month: '2026-10' });
    // No second document with its number, no e-invoice, no booking.
    expect(existsSync(join(month, 'org-kattegat', 'credit-note-KN-1.pdf'))).toBe(false);
    expect(existsSync(join(month, 'org-kattegat', `invoice-${NUMBER}.xml`))).toBe(false);
    expect(await readFile(join(month, 'books', 'journal.csv'), 'utf8')).not.toContain(NUMBER);
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '');
    expect(summary).toContain('credit note KN-1 of 2026-11-20, made by the run of 2026-10, cancels invoice 2026-0144');
    expect(summary).toContain('Credit note KN-1 of 20 Nov 2026 cancels it: made by the run of 2026-10');
    const v = await svcInProcess(['verify', month], november.env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
    // November again: still October's credit note, named, never a second KN-1 in November's folder.
    expect((await run('2026-11')).r.code).toBe(3);
    expect((await entryIn(month)).credit_note).toEqual({ status: 'made', number: 'KN-1', issue_date: '2026-11-20', month: '2026-10' });
    expect(existsSync(join(month, 'org-kattegat', 'credit-note-KN-1.pdf'))).toBe(false);
    expect((await svcInProcess(['verify', month], november.env, { cwd: tmp })).code).toBe(0);
    await writeFile(file(), original);
  }, 90_000);
});
