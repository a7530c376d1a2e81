import { describe, expect, it } from 'vitest';
import { InvoiceListSchema, InvoiceSchema, KeyUsageEntrySchema, OrgKeyUsageSchema, OrgMonthlyUsageSchema, InvoiceSummarySchema, parseRecord } from '../../src/model/index.js';
import { compiledParse } from '../../src/model/parse/compiled-record.js';
import { Decimal } from '../../src/money/exact/index.js';

// The compiled checks of the two large records against zod, on many mutated records: whatever the
// compiled check accepts zod accepts, with the same output (key order, Decimal values, prototypes);
// whatever zod refuses it refuses (then zod names the field, so every refusal reads as before).

const tokens = (n: number) => ({ prompt_tokens: 3 * n, completion_tokens: n, total_tokens: 4 * n, request_count: n });

const keyEntry = {
  id: 'key-1',
  name: 'Build server',
  key_prefix: 'sk-nl1a',
  spend_usd: '12.3400',
  ...tokens(100),
  cache_read_input_tokens: 20,
  cache_creation_input_tokens: 0,
  models: [
    { model: 'gpt-x', spend_usd: '12.34', ...tokens(90), cache_read_input_tokens: 5, service_hosted: false },
    { model: 'llama', spend_usd: '0', ...tokens(10), service_hosted: true },
  ],
  service: { ...tokens(10) },
  external: { ...tokens(90), cache_read_input_tokens: 20, cache_creation_input_tokens: 1 },
  fields: { team: 'ml', private: true, '10': 'ten', '2': false },
  product: 'connect',
  recipient_email: 'ops@example.com',
};

const slice = (n: number) => ({ ...tokens(n) });
const keyUsage = {
  org_id: 'org-nordlys',
  start_date: '2026-10-01',
  end_date: '2026-10-31',
  key_fields: [
    { key: 'team', display_name: 'Team', type: 'select', required: true, default_value: 'ml', options: [{ key: 'ml', label: 'ML' }], sort_options_alphabetically: false },
    { key: 'private', display_name: 'Private', type: 'boolean', default_value: null },
    { key: 'note', display_name: 'Note', type: 'text' },
  ],
  keys: [keyEntry],
  totals: {
    spend_usd: '12.34',
    ...tokens(100),
    cache_read_input_tokens: 20,
    models: keyEntry.models,
    providers: [{ provider: 'openai', spend_usd: '12.34', ...tokens(90) }],
    service: slice(10),
    external: slice(90),
    by_field: [
      {
        key: 'team',
        display_name: 'Team',
        type: 'select',
        groups: [{ key_count: 1, spend_usd: '12.34', ...tokens(100), cache_read_input_tokens: 20, cache_creation_input_tokens: 0, service: slice(10), external: slice(90), label: 'ML', value: 'ml' }],
      },
    ],
  },
};

const summary = (id: string, n: number) => ({
  id,
  invoice_number: `G00001-2026-${n}`,
  status: 'issued',
  period_start: '2026-10-01',
  issued_at: '2026-11-03T08:00:00+00:00',
  due_at: '2026-11-17',
  currency: 'DKK',
  total_cents: 3841175,
});
const invoiceList = [summary('349601e3-a142-4118-80ff-fa64244f7914', 10), { ...summary('C68EA3A4-754A-4C5F-A1F6-BCC25AB4A5D1', 9), status: 'void', issued_at: '2026-10-03T08:00:00.123Z' }];
const line = (n: number, kind: string, cents: number) => ({ sort_order: n, kind, description: `line ${n}`, quantity: 1, unit_price_cents: cents, line_total_cents: cents });
const invoice = {
  ...summary('349601e3-a142-4118-80ff-fa64244f7914', 10),
  org_id: 'org-00001',
  period_end: '2026-10-31',
  language: 'da',
  subscription_subtotal_cents: 3069700,
  usage_subtotal_cents: 3240,
  subtotal_cents: 3072940,
  vat_cents: 768235,
  vat_rate_bps: 2500,
  usd_dkk_rate: '7.0695',
  seller: { legal_name: 'Serviceværket ApS', address: 'Strandgade 12, 1401 København K', cvr: '41234567', vat: 'DK41234567', email: 'faktura@servicevaerket.dk', bank: 'IBAN DK66 3409 1234 5678 90' },
  buyer: { legal_name: 'Org 1', attention: 'Økonomi', address_line1: 'Testvej 14', address_line2: '', postal_code: '8000', city: 'Aarhus C', country: 'Danmark', cvr: '57032717', vat: 'DK57032717', ean: '', payment_reference: 'G00001-2026-10', email: null },
  lines: [line(1, 'subscription', 2950000), line(2, 'usage', 3240), line(3, 'usage_provider', -1519)],
};

const day = (d: string, usd: string, n: number) => ({ date: d, usd_spend: usd, total_tokens: 4 * n, request_count: n, prompt_tokens: 3 * n, completion_tokens: n });
const monthly = {
  org_id: 'org-nordlys',
  months: [
    { month: '2026-01-01', usd_spend: '-1.5', dkk_spend: '-9.75', rate_estimated: false, total_tokens: 40, request_count: 10, days: [day('2026-01-01', '0.5', 4), day('2026-01-02', '-2', 6)] },
    { month: '2026-02-01', usd_spend: '0', dkk_spend: null, rate_estimated: true, total_tokens: 0, request_count: 0, cache_read_input_tokens: 0 },
    { month: '2024-02-01', usd_spend: '000123456789012345.1', rate_estimated: false, total_tokens: 1, request_count: 1, days: [day('2024-02-29', '1', 1)] },
  ],
  summary: { total_usd_spend: '1.5', total_dkk_spend: '9.75', total_tokens: 41, total_requests: 11, usd_spend_change_pct: '-25.7', tokens_change_pct: null },
  available_years: [2025, 2026],
};

/** A small seeded PRNG (mulberry32), so a failure is repeatable. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REPLACEMENTS: unknown[] = [
  null, '', 'x', '12.5', '-0.0', '1e3', '.5', '5.', '00012', '1234567890123456', '123456789012345', ' 1', '1\n', '١٢',
  0, -0, -1, 1.5, 1e21, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 31, -(2 ** 31) - 1, 2 ** 31 - 1, 1900, true, false,
  [], {}, [1], ['a'], { a: 1 }, '2026-02-29', '2024-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00:00Z',
  'a@b.co', 'not an email', 'UPPER@EXAMPLE.COM', 'a!b@x.dk', 'jonas@kø.dk', 'a@[127.0.0.1]', 'a\u0007b@x.dk', 'a@b@c', 'connect', 'dev', 'service', 'bogus', 'text',
];
const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '0'];

/** A copy of one of REPLACEMENTS: a later mutation may change what it put in, never the list (a cycle once). */
const replacement = (rnd: () => number): unknown => structuredClone(REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)]);

type Path = (string | number)[];

/** Every path to a value in `value` (the root excluded). */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...at, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      pathsOf(v, p, out);
    }
  }
  return out;
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> {
  let v = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) v = v[k] as Record<string | number, unknown>;
  return v;
}

/** One to three mutations of a copy of `base`, as JSON text and back (what the client hands the check). */
function mutated(base: unknown, rnd: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as unknown;
  const times = 1 + Math.floor(rnd() * 3);
  for (let n = 0; n < times; n++) {
    const paths = pathsOf(copy);
    const path = paths[Math.floor(rnd() * paths.length)]!;
    const parent = parentOf(copy, path);
    const key = path[path.length - 1]!;
    const what = rnd();
    if (what < 0.15 && !Array.isArray(parent)) delete parent[key];
    else if (what < 0.3) {
      const target = parent[key];
      const name = EXTRA_KEYS[Math.floor(rnd() * EXTRA_KEYS.length)]!;
      const value = replacement(rnd);
      // An own key even when it is "__proto__", as JSON.parse makes it.
      if (target && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
      else parent[key] = value;
    } else parent[key] = replacement(rnd);
  }
  return JSON.parse(JSON.stringify(copy));
}

/** Equal as records: the same prototypes, own keys in the same order, Decimals of the same value, primitives Object.is. */
function sameRecord(a: unknown, b: unknown, at = '$'): string | undefined {
  if (Decimal.isDecimal(a) || Decimal.isDecimal(b)) {
    if (!Decimal.isDecimal(a) || !Decimal.isDecimal(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: a Decimal on one side only`;
    return a.toFixed() === b.toFixed() && a.toString() === b.toString() ? undefined : `${at}: ${a.toString()} ≠ ${b.toString()}`;
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? undefined : `${at}: ${String(a)} ≠ ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Array.isArray(a) !== Array.isArray(b)) return `${at}: different kinds of object`;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return `${at}: keys ${ka.map(String).join(',')} ≠ ${kb.map(String).join(',')}`;
  for (const k of ka) {
    const d = sameRecord((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], `${at}.${String(k)}`);
    if (d) return d;
  }
  return undefined;
}

describe.each([
  ['key usage entry', KeyUsageEntrySchema, keyEntry, 1, 200, 20],
  ['monthly usage', OrgMonthlyUsageSchema, monthly, 2, 200, 20],
  ['key usage', OrgKeyUsageSchema, keyUsage, 3, 200, 20],
  ['invoice', InvoiceSchema, invoice, 4, 200, 20],
  // A short list of flat records: most mutations break it, and a "constructor" key (which only
  // zod accepts) lands on one of its records more often.
  ['invoice list', InvoiceListSchema, invoiceList, 5, 120, 8],
] as const)('the compiled check of the %s', (_name, schema, base, seed, minAccepted, zodOnlyPer) => {
  it('accepts the record as zod does, with the same output', () => {
    const fast = compiledParse(schema, JSON.parse(JSON.stringify(base)));
    expect(fast).toBeDefined();
    const zod = schema.safeParse(JSON.parse(JSON.stringify(base)));
    expect(zod.success).toBe(true);
    expect(sameRecord(fast!.data, zod.data)).toBeUndefined();
  });

  it('agrees with zod on 4,000 mutated records: never accepts what zod refuses, the same output where it accepts', () => {
    const rnd = random(seed);
    let accepted = 0;
    let refused = 0;
    let zodOnly = 0;
    for (let i = 0; i < 4000; i++) {
      const value = mutated(base, rnd);
      const fast = compiledParse(schema, value);
      const zod = schema.safeParse(value);
      if (fast) {
        if (!zod.success) throw new Error(`accepted what zod refuses: ${JSON.stringify(value)}`);
        const d = sameRecord(fast.data, zod.data);
        if (d) throw new Error(`${d} for ${JSON.stringify(value)}`);
        accepted++;
      } else if (zod.success) zodOnly++;
      else refused++;
    }
    // Both sides have many cases (about 260-410 and 3,500 with these seeds), and what zod alone
    // accepts (a "constructor" key in `fields`) is rare.
    expect(accepted).toBeGreaterThan(minAccepted);
    expect(refused).toBeGreaterThan(2000);
    expect(zodOnly).toBeLessThan(accepted / zodOnlyPer);
  });
});

describe('parseRecord with a compiled check', () => {
  it('returns the compiled output for a good record, and a refusal names the field as zod does', () => {
    const entry = parseRecord(KeyUsageEntrySchema, JSON.parse(JSON.stringify(keyEntry)), 'key usage');
    expect(entry.spend_usd).toBeInstanceOf(Decimal);
    expect(entry.spend_usd.toFixed()).toBe('12.34');
    expect(Object.keys(entry).slice(0, 4)).toEqual(['id', 'name', 'key_prefix', 'spend_usd']);
    expect(() => parseRecord(KeyUsageEntrySchema, { ...keyEntry, models: [{ ...keyEntry.models[0], total_tokens: -1 }] }, 'key usage')).toThrow(
      /models\[0\]\.total_tokens: a count of tokens, requests or keys cannot be negative/,
    );
    expect(() => parseRecord(OrgMonthlyUsageSchema, { ...monthly, months: [{ ...monthly.months[0], days: [{ ...monthly.months[0]!.days![0], date: '2026-02-30' }] }] }, 'monthly usage')).toThrow(
      /months\[0\]\.days\[0\]\.date/,
    );
  });

  it('leaves an unmarked schema to zod', () => {
    expect(compiledParse(InvoiceSummarySchema, { id: 'x' })).toBeUndefined();
  });
});
