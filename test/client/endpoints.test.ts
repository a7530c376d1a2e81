import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLES_DIR } from '../../src/server/index.js';
import { partner, reporting, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();

const NORDLYS_OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';

describe('reporting endpoints against the reference server', () => {
  it('lists invoices newest first, including the void one', async () => {
    const list = await reporting(server, 'org-nordlys').listInvoices();
    expect(list.map((i) => i.invoice_number)).toEqual(['2026-0142', '2026-0131', '2026-0098']);
    expect(list.map((i) => i.status)).toEqual(['issued', 'void', 'issued']);
  });

  it('gets an invoice exactly as the sample file holds it', async () => {
    const sample = JSON.parse(readFileSync(join(BUNDLED_SAMPLES_DIR, 'invoices', 'nordlys-2026-10.json'), 'utf8')) as unknown;
    const { invoice, raw } = await reporting(server, 'org-nordlys').getInvoiceJson(NORDLYS_OCT);
    expect(JSON.parse(raw)).toEqual(sample);
    expect(invoice.total_cents).toBe(3174028);
    expect(invoice.usd_dkk_rate?.toFixed()).toBe('6.8512');
    const typed = await reporting(server, 'org-nordlys').getInvoice(NORDLYS_OCT.toUpperCase());
    expect(typed.invoice_number).toBe('2026-0142');
  });

  it('returns the PDF as bytes and saves it whole', async () => {
    const client = reporting(server, 'org-nordlys');
    const bytes = await client.getInvoicePdf(NORDLYS_OCT);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-'));
    const size = await client.saveInvoicePdf(NORDLYS_OCT, join(dir, 'out', 'inv.pdf'));
    expect(size).toBe(bytes.length);
    expect(Buffer.compare(readFileSync(join(dir, 'out', 'inv.pdf')), Buffer.from(bytes))).toBe(0);
    expect(readdirSync(join(dir, 'out'))).toEqual(['inv.pdf']);
  });

  it('reads key usage with exact decimals', async () => {
    const u = await reporting(server, 'org-nordlys').getKeyUsage({ month: '2026-10' });
    expect([u.start_date, u.end_date]).toEqual(['2026-10-01', '2026-10-31']);
    expect(u.totals.spend_usd.toFixed(2)).toBe('1234.56');
    expect(u.keys.length).toBeGreaterThan(3);
  });

  it('reads monthly usage: 12 months by default, days adding up to their month', async () => {
    const m = await reporting(server, 'org-nordlys').getMonthlyUsage();
    expect(m.months).toHaveLength(12);
    expect(m.months.at(-1)!.month).toBe('2026-11-01');
    for (const month of m.months) {
      if (!month.days) continue;
      expect(month.days.reduce((s, d) => s.plus(d.usd_spend), month.usd_spend.minus(month.usd_spend)).toFixed()).toBe(month.usd_spend.toFixed());
      expect(month.days.reduce((s, d) => s + d.total_tokens, 0)).toBe(month.total_tokens);
      expect(month.days.reduce((s, d) => s + d.request_count, 0)).toBe(month.request_count);
    }
    const y = await reporting(server, 'org-nordlys').getMonthlyUsage({ year: 2025 });
    expect(y.months.map((x) => x.month.slice(0, 7))).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
  });

  it('reads plan cost in each currency, lines summing to the total', async () => {
    for (const currency of ['DKK', 'EUR', 'USD'] as const) {
      const c = await reporting(server, 'org-nordlys').getPlanCost(currency);
      expect(c.currency).toBe(currency);
      expect(c.lines.reduce((s, l) => s + l.line_total_cents, 0)).toBe(c.total_monthly_cents);
    }
    expect((await reporting(server, 'org-nordlys').getPlanCost()).currency).toBe('DKK');
  });

  it('reads partner status with a partner token', async () => {
    const s = await partner(server).getPartnerStatus();
    expect(s.org_id).toBe('org-bifrost');
    expect(s.customers.map((c) => c.customer.org_id).sort()).toEqual(['org-kattegat', 'org-nordlys']);
  });
});
