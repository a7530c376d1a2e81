// The books' small parts, by hand: VAT periods (momsloven § 57, stk. 2-4), the journal's text
// cells (RFC 4180 quoting; never a spreadsheet formula) and the `books` section of the run config.
import { describe, expect, it } from 'vitest';
import { vatPeriodOf } from '../../src/runner/figures/_vat-period.js';
import { csvCell } from '../../src/core/csv/csv-cell.js';
import { booksSettings } from '../../src/runner/config/books-config.js';
import { parseRunConfig } from '../../src/runner/config/config.js';
import { RunConfigError } from '../../src/runner/config/config-error.js';
import type { InvoiceEntry } from '../../src/runner/manifest/manifest.js';

describe('vatPeriodOf', () => {
  it.each([
    ['2026-11-03', 'month', '2026-11', '2026-11-01', '2026-11-30'],
    ['2028-02-29', 'month', '2028-02', '2028-02-01', '2028-02-29'],
    ['2026-10-01', 'quarter', '2026-Q4', '2026-10-01', '2026-12-31'],
    ['2026-03-31', 'quarter', '2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-06-30', 'half_year', '2026-H1', '2026-01-01', '2026-06-30'],
    ['2026-07-01', 'half_year', '2026-H2', '2026-07-01', '2026-12-31'],
  ] as const)('%s in a %s is %s (%s – %s)', (date, length, period, from, to) => {
    expect(vatPeriodOf(date, length)).toEqual({ period, from, to });
  });
});

describe('csvCell', () => {
  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+45 1234')).toBe("'+45 1234");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('quotes per RFC 4180 only where needed', () => {
    expect(csvCell('Faktura 2026-0142')).toBe('Faktura 2026-0142');
    expect(csvCell('Rhein "Daten", GmbH')).toBe('"Rhein ""Daten"", GmbH"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });
});

describe('books in the run config', () => {
  const base = { base_url: 'https://reporting.example.com', organizations: [{ org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' }] };
  const pathOf = (books: unknown) => {
    try {
      parseRunConfig({ ...base, books }, 'runs.json');
    } catch (e) {
      expect(e).toBeInstanceOf(RunConfigError);
      return (e as RunConfigError).path;
    }
    return undefined;
  };

  it('fills what is not given with the standard chart\'s accounts, our VAT codes and the quarter', () => {
    const parsed = parseRunConfig({ ...base, books: { accounts: { debtors: '5600' }, vat_period: 'month' } });
    expect(booksSettings(parsed.books)).toEqual({
      accounts: { debtors: '5600', revenue_domestic: '1010', revenue_eu_services: '1150', revenue_outside_eu: '1200', output_vat: '7680' },
      vat_codes: { domestic: 'U25', eu_services: 'UEUY', outside_eu: 'UY0' },
      vat_period: 'month',
    });
    expect(booksSettings(undefined).vat_period).toBe('quarter');
  });

  it('refuses a bad field by its name', () => {
    expect(pathOf({ accounts: { debtors: '=SUM(A1)' } })).toBe('books.accounts.debtors');
    expect(pathOf({ vat_codes: { domestic: '' } })).toBe('books.vat_codes.domestic');
    expect(pathOf({ vat_period: 'year' })).toBe('books.vat_period');
    expect(pathOf({ accounts: { bank: '5820' } })).toBe('books.accounts.bank');
    expect(pathOf({ accounts: { revenue_domestic: '1010' } })).toBeUndefined();
  });
});

describe('runBooks: revenue per category in DKK', () => {
  // Minimal outcomes; each figure below is worked by hand.
  const entry = (number: string, currency: string, cents: number[], total: number, vat: number, dkk?: { total: number; vat: number }): InvoiceEntry => ({
    id: number, invoice_number: number, status: 'issued' as const, period_start: '2026-10-01', period_end: '2026-10-31', currency,
    subtotal_cents: cents.reduce((a, c) => a + c, 0), vat_cents: vat, total_cents: total, usd_dkk_rate: null, files: [],
    ...(dkk ? { dkk: { currency, source: 'ecb' as const, dkk: '7.4610', per: '1', rate_date: '2026-10-30', net_cents: dkk.total - dkk.vat, vat_cents: dkk.vat, total_cents: dkk.total } } : {}),
    booking: {
      invoice_date: '2026-11-03', treatment: vat ? 'standard' : 'reverse_charge', buyer_name: 'B', ...(vat ? {} : { buyer_vat: 'DE812345673', buyer_country: 'DE' }),
      categories: (['subscription', 'usage', 'dev_overage'] as const).slice(0, cents.length).map((category, k) => ({ category, cents: cents[k]! })),
    },
  });
  const books = async (invoices: InvoiceEntry[]) => {
    const { runBooks } = await import('../../src/runner/figures/books.js');
    const { runFigures } = await import('../../src/runner/figures/run-figures.js');
    const orgs = [{ org_id: 'org-a', name: 'A', folder: 'org-a', status: 'ok' as const, parts: [], invoices, cost: null }];
    return runBooks(orgs, booksSettings(undefined), runFigures(orgs));
  };

  it('splits a converted net over its categories by the largest remainder, adding up to the øre', async () => {
    // EUR 3.33 + 3.33 + 3.34 = 10.00 at 7.4610 = 74.61 DKK. Shares of 74.61: 24.84513, 24.84513, 24.91974; floors 24.84 + 24.84
    // + 24.91 = 74.59, and the 2 øre left go to the largest remainders, .974 (the third) and .513 (the first, the earlier of
    // two equal ones): 24.85, 24.84, 24.92. Each converted alone would be 24.85 + 24.85 + 24.92 = 74.62, one øre over.
    const b = await books([entry('E-1', 'EUR', [333, 333, 334], 1000, 0, { total: 7461, vat: 0 })]);
    expect(b.vouchers[0]!.lines.map((l) => l.amount_dkk)).toEqual([7461n, -2485n, -2484n, -2492n]);
    expect(b.vat.box_b_services).toMatchObject({ ore: 7461n, kroner: 74n, invoices: ['E-1'] });
  });

  it('books a negative invoice with its signs turned, balancing', async () => {
    // DKK: −100.00 net, −25.00 VAT; EUR −6.00 − 4.00 at 7.4610: −74.61 split 60 : 40 is −44.766 and −29.844: −44.77 and −29.84.
    // The EUR one is a reverse-charged service, dated by its period's end (31 October), before the DKK one's 3 November.
    const b = await books([entry('N-1', 'DKK', [-10000], -12500, -2500), entry('N-2', 'EUR', [-600, -400], -1000, 0, { total: -7461, vat: 0 })]);
    expect(b.vouchers.map((v) => [v.date, v.lines.map((l) => l.amount_dkk)])).toEqual([['2026-10-31', [-7461n, 4477n, 2984n]], ['2026-11-03', [-12500n, 10000n, 2500n]]]);
    expect(b.totals.debit + b.totals.credit).toBe(0n);
    // The return: salgsmoms −25.00 (the øre of a negative figure dropped toward zero: −25).
    expect(b.vat.sales_vat).toMatchObject({ ore: -2500n, kroner: -25n });
  });
});

describe('runBooks: what a return drafted from the run lacks, and void invoices\' credit notes', () => {
  const voidEntry = (number: string, invoiceDate: string, credit_note?: InvoiceEntry['credit_note']): InvoiceEntry => ({
    id: number, invoice_number: number, status: 'void', period_start: '2026-10-01', period_end: '2026-10-31', currency: 'DKK',
    subtotal_cents: 10000, vat_cents: 2500, total_cents: 12500, usd_dkk_rate: null, files: [],
    booking: { invoice_date: invoiceDate, treatment: 'standard', buyer_name: 'B', categories: [{ category: 'subscription', cents: 10000 }] },
    ...(credit_note ? { credit_note } : {}),
  });
  const org = (org_id: string, invoices: InvoiceEntry[], invoicesPart: 'ok' | 'skipped' | 'failed') => ({
    org_id, name: org_id, folder: org_id, status: invoicesPart === 'ok' ? ('ok' as const) : ('skipped' as const),
    parts: [{ part: 'invoices' as const, status: invoicesPart }], invoices, cost: null,
  });
  const run = async (vatPeriod: 'month' | 'quarter', orgs: ReturnType<typeof org>[]) => {
    const { runBooks } = await import('../../src/runner/figures/books.js');
    const { runFigures } = await import('../../src/runner/figures/run-figures.js');
    const { booksView } = await import('../../src/runner/pages/_books-view.js');
    const { renderVatReturnJson } = await import('../../src/runner/pages/_vat-return-json.js');
    const { getLocale } = await import('../../src/locale/index.js');
    const books = runBooks(orgs, { ...booksSettings(undefined), vat_period: vatPeriod }, runFigures(orgs));
    return { books, en: booksView(books, getLocale('en')), da: booksView(books, getLocale('da')), json: JSON.parse(renderVatReturnJson(books, '2026-10')) as Record<string, unknown> };
  };

  it('names the organizations whose invoices the run could not read, in vat-return.json and in words', async () => {
    const r = await run('quarter', [org('org-a', [], 'ok'), org('org-b', [], 'skipped'), org('org-c', [], 'failed')]);
    expect(r.json.invoices_not_read).toEqual(['org-b', 'org-c']);
    expect(r.en.notRead).toBe('Not in these figures: the invoices of org-b, org-c, which this run could not read; the return lacks them until a run reads them.');
    expect(r.da.notRead).toMatch(/^Ikke med i tallene: fakturaerne fra org-b, org-c,/);
    expect(r.json.covers).toMatch(/^the invoices of this month's run only/);
  });

  it('says a void invoice\'s VAT is owed while its credit note is not made, and when invoice and credit note fall in two VAT periods', async () => {
    const r = await run('month', [org('org-a', [
      voidEntry('V-1', '2026-11-01', { status: 'to_make', command: 'svc invoices credit-note org-a/invoice-V-1.json --number NUMBER' }),
      // A manifest of an earlier version says nothing of the credit note: nothing is claimed.
      voidEntry('V-0', '2026-11-01'),
      voidEntry('V-2', '2026-11-01', { status: 'made', number: 'KN-7', issue_date: '2026-12-07' }),
      voidEntry('V-3', '2026-11-01', { status: 'made', number: 'KN-8', issue_date: '2026-11-20' }),
    ], 'ok')]);
    expect(r.books.not_booked).toEqual([
      // The VAT at stake: the record's 2,500 øre, a DKK invoice's own DKK.
      { org_id: 'org-a', invoice_number: 'V-1', reason: 'void', currency: 'DKK', total_cents: 12500, credit_note_to_make: true, vat_cents: 2500, vat_dkk_cents: 2500, vat_period: '2026-11' },
      { org_id: 'org-a', invoice_number: 'V-0', reason: 'void', currency: 'DKK', total_cents: 12500 },
      // Dated 1 November, credited 7 December: its VAT belongs to November, stated.
      { org_id: 'org-a', invoice_number: 'V-2', reason: 'void', currency: 'DKK', total_cents: 12500, credit_note: 'KN-7', credit_note_period: '2026-12', vat_cents: 2500, vat_dkk_cents: 2500, vat_period: '2026-11' },
      { org_id: 'org-a', invoice_number: 'V-3', reason: 'void', currency: 'DKK', total_cents: 12500, credit_note: 'KN-8' },
    ]);
    expect(r.da.notBooked[0]).toContain('skal den moms, fakturaen angiver, 25,00 DKK, betales, som den står, hvis fakturaen er nået frem til køberen');
    expect(r.da.notBooked[0]).toContain('den hører til salgsmomsen for 2026-11, medmindre kreditnotaen dateres i 2026-11.');
    expect(r.json.not_booked).toEqual(r.books.not_booked);
    expect(r.en.notBooked).toEqual([
      'V-1 (org-a) is not booked: void. Its credit note is not made yet: until it is issued, the VAT the invoice states, DKK 25.00, is owed as it stands if the invoice reached the buyer (momsloven § 46, stk. 6). It is not in the output VAT above: it belongs to the output VAT of 2026-11 unless the credit note is dated in 2026-11.',
      'V-0 (org-a) is not booked: void.',
      'V-2 (org-a) is not booked: void. Its credit note KN-7 is dated in VAT period 2026-12, not the invoice\'s (2026-11): they do not cancel out in one return, so the invoice\'s VAT, DKK 25.00, belongs to 2026-11 and the credit note\'s reversal to 2026-12; book both by hand.',
      'V-3 (org-a) is not booked: void. Its credit note KN-8 is not booked either: together they cancel out.',
    ]);
    // A void invoice stating no VAT (a reverse charge): nothing to add, the plain words.
    const zero = await run('month', [org('org-a', [{ ...voidEntry('V-9', '2026-11-01', { status: 'to_make', command: 'svc invoices credit-note …' }), vat_cents: 0, total_cents: 10000 }], 'ok')]);
    expect(zero.en.notBooked).toEqual(['V-9 (org-a) is not booked: void. Its credit note is not made yet (the invoice states no VAT).']);
    // In a quarter the same dates fall in one period: they cancel out.
    const q = await run('quarter', [org('org-a', [voidEntry('V-2', '2026-11-01', { status: 'made', number: 'KN-7', issue_date: '2026-12-07' })], 'ok')]);
    expect(q.books.not_booked[0]).not.toHaveProperty('credit_note_period');
  });
});
