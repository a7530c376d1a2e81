import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoiceListTable } from '../../src/cli/invoices/_list-table.js';
import { InvoiceSchema, parseJsonRecord, type InvoiceSummary } from '../../src/model/index.js';
import { BUNDLED_SAMPLES_DIR } from '../../src/server/index.js';

const plain = { bold: (s: string) => s, dim: (s: string) => s, green: (s: string) => s, red: (s: string) => s, yellow: (s: string) => s };
const invoice = parseJsonRecord(InvoiceSchema, readFileSync(join(BUNDLED_SAMPLES_DIR, 'invoices', 'nordlys-2026-10.json'), 'utf8'), 'sample');
const summary: InvoiceSummary = {
  id: invoice.id, invoice_number: invoice.invoice_number, status: invoice.status, period_start: invoice.period_start,
  issued_at: invoice.issued_at, due_at: invoice.due_at, currency: invoice.currency, total_cents: invoice.total_cents,
};

describe('invoice list table', () => {
  it('shows full ids when they fit, 8 characters and a note when they do not', () => {
    const wide = invoiceListTable([summary], 120, plain);
    expect(wide).toContain(invoice.id);
    expect(wide).not.toContain('--json');
    const narrow = invoiceListTable([summary], 80, plain).trimEnd().split('\n');
    expect(narrow[1]).toMatch(new RegExp(`\\s${invoice.id.slice(0, 8)}$`));
    for (const l of narrow) expect([...l].length).toBeLessThanOrEqual(80);
  });

  it('a long invoice number is cut with … rather than widening the table', () => {
    const long = { ...summary, invoice_number: `INV-${'9'.repeat(60)}` };
    const lines = invoiceListTable([long], 80, plain).trimEnd().split('\n');
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain('…');
  });
});
