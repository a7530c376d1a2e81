// summary.md from a manifest: the run's language, net and gross labelled, due dates, DKK where a rate exists.
import { expect, test } from 'vitest';
import type { Manifest, OrgOutcome } from '../../src/runner/index.js';
import { renderSummary, runLanguage } from '../../src/runner/pages/index.js';

const org = (id: string, language: string, invoices: OrgOutcome['invoices'], cost: OrgOutcome['cost'] = null): OrgOutcome => ({
  org_id: id, name: `Org ${id}`, folder: id, status: 'ok', parts: [{ part: 'invoices', status: 'ok' }], invoices, cost, language,
});

const manifest: Omit<Manifest, 'files' | 'summary'> = {
  manifest_version: 1, tool: { name: 'svc', version: '9.9.9' }, month: '2026-10', base_url: 'http://x', started_at: '2026-11-03T10:00:00.000Z', finished_at: '2026-11-03T10:01:00.000Z',
  interrupted: false, options: { concurrency: 4, language: null, with_service_pdf: false }, partner: null,
  organizations: [
    // A USD invoice: 100.01 net + 25.00 VAT = 125.01; in DKK at its own rate 6.8512: 856.468512 -> 856.47.
    org('a', 'en', [{ id: 'i1', invoice_number: 'A-1', status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31', due_at: '2026-11-17', currency: 'USD', subtotal_cents: 10001, vat_cents: 2500, total_cents: 12501, usd_dkk_rate: '6.8512', files: [] }]),
    org('b', 'da', [{ id: 'i2', invoice_number: 'B-1', status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31', due_at: '2026-11-20', currency: 'DKK', subtotal_cents: 100000, vat_cents: 25000, total_cents: 125000, usd_dkk_rate: null, files: [] }], {
      usage_dkk: '8458.217472', usage_usd: '1234.56', rate_estimated: false, dev_overage_dkk_cents: 54000, plan_dkk_cents: 1639400, plan_source: 'invoice', plan_invoices: ['B-1'], total_dkk: '25392.217472',
    }),
  ],
};

test('the run language is the one most organizations\' documents are in; a tie or none is English', () => {
  expect(runLanguage([{ language: 'da' }, { language: 'da' }, { language: 'en' }])).toBe('da');
  expect(runLanguage([{ language: 'da' }, { language: 'en' }])).toBe('en');
  expect(runLanguage([{}, {}])).toBe('en');
  expect(runLanguage([{ language: 'da' }, {}])).toBe('da');
});

test('English: net excl. VAT, VAT, total incl. VAT and due date per invoice; a USD invoice in DKK at its own rate', () => {
  const md = renderSummary(manifest, 'en');
  expect(md).toContain('2 organizations.');
  expect(md).toContain('| Organization | Status | Invoices | Invoiced excl. VAT | Invoiced incl. VAT | Void | Cost excl. VAT (DKK) |');
  expect(md).toContain('| Invoice number | Status | Period | Due | Net excl. VAT | VAT | Total incl. VAT | Total in DKK |');
  expect(md).toContain('| A-1 | Issued | October 2026 | 17 Nov 2026 | USD 100.01 | USD 25.00 | USD 125.01 | DKK 856.47 |');
  // The run's totals per currency, and all in DKK: 1,250.00 + 856.47 (the USD invoice at its own rate).
  expect(md).toContain('| DKK | 1 | DKK 1,000.00 | DKK 250.00 | DKK 1,250.00 |');
  expect(md).toContain('| USD | 1 | USD 100.01 | USD 25.00 | USD 125.01 |');
  expect(md).toContain('| **All in DKK** | 2 | | | **DKK 2,106.47** |');
  expect(md).toContain('| Dev overage | DKK 540.00 |');
  expect(md).toContain("The subscription is the month's own, from invoice B-1.");
});

test('Danish: the words and the number format of the language', () => {
  const md = renderSummary(manifest, 'da');
  expect(md).toContain('2 organisationer.');
  expect(md).toContain('| B-1 | Udstedt | oktober 2026 | 20.11.2026 | 1.000,00 DKK | 250,00 DKK | 1.250,00 DKK |');
  expect(md).toContain('| Abonnement | 16.394,00 DKK |');
  expect(md).toContain('| **I alt** | **25.392,22 DKK** |');
  expect(renderSummary({ ...manifest, organizations: manifest.organizations.slice(1) }, 'da')).toContain('1 organisation.');
});

test('the organizations\' invoice counts foot to the run\'s: each row counts the invoices its amounts count, void and held-back ones apart', () => {
  const inv = (id: string, status: 'issued' | 'void', held?: true): OrgOutcome['invoices'][number] => ({
    id, invoice_number: id, status, period_start: '2026-10-01', period_end: '2026-10-31', due_at: '2026-11-20', currency: 'DKK',
    subtotal_cents: 10000, vat_cents: 2500, total_cents: 12500, usd_dkk_rate: null, files: [], ...(held ? { held_back: held } : {}),
  });
  // c: one issued, one void, one held back; d: two issued. Counted: 1 + 2 = 3 invoices, 3 × 125.00 = 375.00 DKK.
  const md = renderSummary({ ...manifest, organizations: [org('c', 'en', [inv('C-1', 'issued'), inv('C-2', 'void'), inv('C-3', 'issued', true)]), org('d', 'en', [inv('D-1', 'issued'), inv('D-2', 'issued')])] }, 'en');
  const rows = md.split('\n').filter((l) => /^\| Org [cd] \|/.test(l)).map((l) => l.split('|').map((c) => c.trim()));
  // Organization, Status, Invoices, excl. VAT, incl. VAT, Void, Cost.
  expect(rows.map((r) => [r[1], r[3], r[5], r[6]])).toEqual([['Org c', '1', 'DKK 125.00', '1'], ['Org d', '2', 'DKK 250.00', '0']]);
  expect(md).toContain('| DKK | 3 | DKK 300.00 | DKK 75.00 | DKK 375.00 |');
  expect(md).toContain('| **All in DKK** | 3 | | | **DKK 375.00** |');
});
