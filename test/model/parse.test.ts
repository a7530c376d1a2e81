import { describe, expect, it } from 'vitest';
import { InvoiceSummarySchema, SchemaError, parseRecord } from '../../src/model/index.js';

const good = {
  id: '6f1c2a9e-0b7d-4c1e-9a53-2d4f8b7e1a10',
  invoice_number: '2026-0042',
  status: 'issued',
  period_start: '2026-10-01',
  issued_at: '2026-11-01T08:00:00Z',
  due_at: '2026-11-15',
  currency: 'DKK',
  total_cents: 2042146,
};

describe('parseRecord', () => {
  it('accepts a valid record', () => {
    expect(parseRecord(InvoiceSummarySchema, good, 'invoice summary').total_cents).toBe(2042146);
  });
  it('names the path of a missing field', () => {
    const { total_cents: _, ...bad } = good;
    expect(() => parseRecord(InvoiceSummarySchema, bad, 'invoice summary')).toThrow(/field total_cents: missing/);
  });
  it('names the path of an unknown currency and an unsafe integer', () => {
    try {
      parseRecord(InvoiceSummarySchema, { ...good, currency: 'SEK' }, 'invoice summary');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SchemaError);
      expect((e as SchemaError).path).toBe('currency');
    }
    expect(() => parseRecord(InvoiceSummarySchema, { ...good, total_cents: 2 ** 60 }, 'x')).toThrow(/total_cents/);
  });
});
