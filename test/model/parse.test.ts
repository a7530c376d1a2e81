import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { InvoiceSchema, InvoiceSummarySchema, SchemaError, parseRecord } from '../../src/model/index.js';

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
  it('takes every e-mail address the spec\'s "e-mail format" allows, and refuses one with a space or a second @, naming the field', () => {
    const invoice = JSON.parse(readFileSync(new URL('../../samples/invoices/nordlys-2026-10.json', import.meta.url), 'utf8'));
    for (const address of ['a!b@x.dk', "o'brien+faktura@x.dk", 'jonas@kø.dk', 'a@[127.0.0.1]']) {
      const parsed = parseRecord(InvoiceSchema, { ...invoice, seller: { ...invoice.seller, email: address }, buyer: { ...invoice.buyer, email: address } }, 'invoice');
      expect([parsed.seller.email, parsed.buyer.email], address).toEqual([address, address]);
    }
    for (const address of ['mette kjaergaard@x.dk', 'a@b@x.dk', 'no-at-sign']) {
      expect(() => parseRecord(InvoiceSchema, { ...invoice, buyer: { ...invoice.buyer, email: address } }, 'invoice'), address).toThrow(/buyer\.email/);
    }
  });
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
  it('refuses an array or object 64 levels below the top, and not one at 63, naming its path (objects, arrays and a class instance alike)', () => {
    // `levels` arrays inside one another: the innermost lies `levels` below the record.
    const nested = (levels: number): unknown => (levels === 0 ? 'x\u200b' : [nested(levels - 1)]);
    expect(parseRecord(InvoiceSummarySchema, { ...good, extra: nested(63) }, 'x').total_cents).toBe(2042146);
    expect(() => parseRecord(InvoiceSummarySchema, { ...good, extra: nested(64) }, 'x')).toThrow('field extra[0][0]…: nested more than 64 levels deep');
    // The innermost object is one more level down than its `levels` (the leaf {} is a level too).
    const objects = (levels: number): unknown => (levels === 0 ? {} : { a: objects(levels - 1) });
    expect(parseRecord(InvoiceSummarySchema, { ...good, extra: objects(62) }, 'x').currency).toBe('DKK');
    expect(() => parseRecord(InvoiceSummarySchema, { ...good, extra: objects(63) }, 'x')).toThrow('field extra.a.a…: nested more than 64 levels deep');
    // Not a plain object (a library caller's): its depth is counted all the same.
    class Box {
      constructor(readonly inner: unknown) {}
    }
    expect(() => parseRecord(InvoiceSummarySchema, { ...good, extra: new Box(nested(63)) }, 'x')).toThrow('field extra.inner[0]…: nested more than 64 levels deep');
    expect(parseRecord(InvoiceSummarySchema, { ...good, extra: new Box(nested(62)) }, 'x').total_cents).toBe(2042146);
  });
});
