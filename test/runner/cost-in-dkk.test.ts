// The run's cost in DKK (manifest, summary.md, index.html) and the cost workbook take a charged
// line kind from the same figure: each invoice's lines of that kind summed, then converted once.
// Converting line by line first would differ by an øre on a USD invoice with several such lines.
import { describe, expect, test } from 'vitest';
import { InvoiceSchema, parseRecord } from '../../src/model/index.js';
import { buildCostReport } from '../../src/report/index.js';
import { costInDkk } from '../../src/index.js';
import { fixtureData, invoiceRecordsJson } from '../report/_fixtures.js';
import { readBook, rowLabelled, rowsOf } from '../report/_read.js';

describe('cost in DKK of a charged line kind', () => {
  test('two 0.01 USD dev overage lines at 6.5: 0.02 × 6.5 = 0.13 DKK in the run and in the workbook, not 2 × 0.07', async () => {
    const october = invoiceRecordsJson.find((i) => i.invoice_number === '2026-0101')!;
    const cent = (sort_order: number) => ({ sort_order, kind: 'dev_overage', description: 'Dev overage', quantity: 1, unit_price_cents: 1, line_total_cents: 1 });
    const usd = {
      ...october, currency: 'USD', usd_dkk_rate: '6.5',
      usage_subtotal_cents: 78901 + 2, subtotal_cents: 539800 + 78903, vat_cents: 154676, total_cents: 539800 + 78903 + 154676,
      lines: [...october.lines.filter((l) => l.kind !== 'dev_overage'), cent(4), cent(5)],
    };
    const base = fixtureData({ month: '2026-10' });
    const records = base.invoiceRecords!.map((r) => (r.invoice_number === '2026-0101' ? parseRecord(InvoiceSchema, usd, 'invoice') : r));
    const invoices = base.invoices!.map((i) => (i.invoice_number === '2026-0101' ? { ...i, currency: 'USD' as const, total_cents: usd.total_cents } : i));
    const data = { ...base, invoices, invoiceRecords: records };

    const cost = costInDkk(data, '2026-10');
    expect(cost.charges).toEqual([{ kind: 'dev_overage', dkk_cents: 13 }]);
    expect(cost.dev_overage_dkk_cents).toBe(13);

    const book = readBook(await buildCostReport(data, { language: 'en' }));
    const cell = rowLabelled(rowsOf(book, 'Summary'), 'Dev overage (DKK, excl. VAT)')![1];
    expect(Math.round(Number(cell) * 100)).toBe(13);
  });
});
