import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, copySamples, editSampleInvoice, readTokens, svcInProcess, useReferenceServer } from '../_harness/index.js';

// The books are one seller's: each registered business files its own VAT return (momsloven
// § 57, stk. 1), and a voucher number names one voucher. An outside audit ran a month whose
// organizations' invoices came from two sellers, one number on both: one return added the two
// sellers' VAT, the journal held two vouchers '2026-0144', and nothing said so. Over HTTP against
// the reference server, with the built svc: Nordlys' October invoice from another Danish seller,
// numbered as Kattegat's.

let tmp: string;
const server = useReferenceServer(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-books-sellers-'));
  const data = await copySamples(join(tmp, 'data'));
  await editSampleInvoice<{ invoice_number: string; seller: Record<string, string> }>(data, 'nordlys-2026-10.json', (invoice) => {
    invoice.invoice_number = '2026-0144';
    Object.assign(invoice.seller, { legal_name: 'Andet Selskab ApS', vat: 'DK12345674', cvr: '12345674' });
  });
  return { dataDir: data };
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('books of invoices from two sellers, one number on two invoices', () => {
  it('says so on summary.md, index.html and in vat-return.json, naming the sellers and the number', async () => {
    const tokens = await readTokens(join(tmp, 'data'));
    const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys' || o.org_id === 'org-kattegat') });
    await writeFile(join(tmp, 'runs.json'), JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', join(tmp, 'runs.json'), '--out', out, '--language', 'en'], env, { cwd: tmp });
    // Nothing failed and nothing is held back: the run exits 0; the books say what is wrong with them.
    expect(r.code, r.stderr).toBe(0);
    const month = join(out, '2026-10');
    const vat = JSON.parse(await readFile(join(month, 'books', 'vat-return.json'), 'utf8')) as { sellers: string[]; duplicate_vouchers: Array<{ voucher: string; org_ids: string[] }> };
    expect(vat.sellers).toEqual(['DK12345674', 'DK41234567']);
    expect(vat.duplicate_vouchers).toEqual([{ voucher: '2026-0144', org_ids: ['org-nordlys', 'org-kattegat'] }]);
    // Two vouchers of one number in the journal, as the return says.
    const journal = await readFile(join(month, 'books', 'journal.csv'), 'utf8');
    expect(new Set(journal.split('\r\n').filter((l) => l.split(',')[1] === '2026-0144' && l.split(',')[2] === '6190'))).toHaveProperty('size', 2);
    const sellers = 'These invoices are from more than one seller (DK12345674, DK41234567): each files its own VAT return (momsloven § 57, stk. 1)';
    const number = "Voucher number 2026-0144 is more than one invoice's (org-nordlys, org-kattegat)";
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '');
    expect(summary).toContain(`**${sellers}`);
    expect(summary).toContain(`**${number}`);
    const page = (await readFile(join(month, 'index.html'), 'utf8')).replace(/&#x27;/g, "'");
    expect(page).toContain(`<p><strong>${sellers}`);
    expect(page).toContain(`<p><strong>${number}`);
    const v = await svcInProcess(['verify', month], env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
  }, 60_000);
});
