import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { getDocument } from '../_pdfjs.js';
import { InvoiceListSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { SAMPLES, tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const t = tokenOf('org-nordlys');
const files = readdirSync(`${SAMPLES}invoices`).map((f) => readFileSync(`${SAMPLES}invoices/${f}`, 'utf8'));
const records = files.map((f) => JSON.parse(f));

describe('invoices', () => {
  it('lists only the organization\'s invoices, newest first, as InvoiceSummary', async () => {
    const r = await call(s.url, '/api/orgs/org-nordlys/invoices', { token: t });
    InvoiceListSchema.parse(r.json);
    const mine = records.filter((x) => x.org_id === 'org-nordlys').sort((a, b) => Date.parse(b.issued_at) - Date.parse(a.issued_at));
    expect(r.json.map((x: { id: string }) => x.id)).toEqual(mine.map((x) => x.id));
    expect(Object.keys(r.json[0]).sort()).toEqual(['currency', 'due_at', 'id', 'invoice_number', 'issued_at', 'period_start', 'status', 'total_cents']);
    expect(r.json.map((x: { status: string }) => x.status)).toContain('void');
  });

  it('returns the record exactly as stored', async () => {
    for (const [i, rec] of records.entries()) {
      const r = await call(s.url, `/api/orgs/${rec.org_id}/invoices/${rec.id}`, { token: tokenOf(rec.org_id) });
      expect(r.status).toBe(200);
      expect(r.text).toBe(files[i]);
    }
  });

  it('renders the PDF with our renderer (text checked with pdfjs)', async () => {
    const rec = records.find((x) => x.org_id === 'org-nordlys' && x.status === 'void');
    const r = await call(s.url, `/api/orgs/org-nordlys/invoices/${rec.id}/pdf`, { token: t });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const doc = await getDocument({ data: r.bytes, useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(rec.invoice_number);
    expect(text).toContain(rec.buyer.legal_name);
  });
});
