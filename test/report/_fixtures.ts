// Fixture records for the cost workbook, valid per the model schemas (parsed with parseRecord).
import {
  InvoiceSchema,
  InvoiceSummarySchema,
  OrgKeyUsageSchema,
  OrgMonthlyUsageSchema,
  OrgPlanCostSchema,
  parseRecord,
  type OrgKeyUsage,
} from '../../src/model/index.js';
import type { CostReportData, KeyUsageInput, ReportPeriod } from '../../src/report/index.js';
import { KeyStore } from '../../src/report/key-store.js';

export const INJECTION_NAMES = ['=HYPERLINK("http://x","y")', '+1-2', '-2', '@x', '=1+1', '_x0041_ literal'];

const slice = (t: number, r: number) => ({ prompt_tokens: t - Math.floor(t / 4), completion_tokens: Math.floor(t / 4), total_tokens: t, request_count: r });

function day(date: string, usd: string, tokens: number, requests: number) {
  return { date, usd_spend: usd, ...slice(tokens, requests), cache_read_input_tokens: 10, cache_creation_input_tokens: 5 };
}

/** Monthly usage for Aug-Nov 2026: Aug has no rate, Sep and Oct stored rates, Nov estimated (current month). */
export function monthlyJson() {
  const month = (m: string, usd: string, dkk: string | null, estimated: boolean, days: ReturnType<typeof day>[]) => ({
    month: `${m}-01`,
    usd_spend: usd,
    dkk_spend: dkk,
    rate_estimated: estimated,
    ...slice(days.reduce((a, d) => a + d.total_tokens, 0), days.reduce((a, d) => a + d.request_count, 0)),
    days,
  });
  return {
    org_id: 'org-test',
    months: [
      month('2026-08', '10.00', null, false, [day('2026-08-01', '4.00', 400, 4), day('2026-08-02', '6.00', 600, 6)]),
      month('2026-09', '100.00', '650.00', false, [day('2026-09-01', '60.00', 6000, 60), day('2026-09-02', '40.00', 4000, 40)]),
      month('2026-10', '123.456789', '789.01', false, [
        day('2026-10-01', '41.152263', 1000, 10),
        day('2026-10-02', '41.152263', 1000, 10),
        day('2026-10-03', '41.152263', 1000, 11),
      ]),
      month('2026-11', '20.00', '131.11', true, [day('2026-11-01', '10.00', 500, 5), day('2026-11-02', '10.00', 500, 5)]),
    ],
    summary: { total_usd_spend: '253.456789', total_dkk_spend: '1570.12', total_tokens: 15000, total_requests: 151, usd_spend_change_pct: '-25.7', tokens_change_pct: null, requests_change_pct: null },
    available_years: [2026],
  };
}

function keyEntry(id: string, name: string, usd: string, tokens: number, fields: Record<string, string | boolean>) {
  return {
    id,
    name,
    key_prefix: `sk-${id}`,
    spend_usd: usd,
    ...slice(tokens, tokens / 100),
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    models: [{ model: 'gpt-x', spend_usd: usd, ...slice(tokens, tokens / 100) }],
    service: slice(0, 0),
    external: slice(tokens, tokens / 100),
    fields,
    product: id === 'k1' ? 'connect' : null,
    recipient_email: id === 'k1' ? 'anna@example.dk' : null,
  };
}

/** Key usage for one month: three keys splitting `usd` 1:1:1 (so øre remainders must be allocated), plus the injection names. */
export function keyUsageJson(month: string, usd: [string, string, string]) {
  const start = `${month}-01`;
  return {
    org_id: 'org-test',
    start_date: start,
    end_date: month === '2026-11' ? '2026-11-20' : `${month}-${month === '2026-09' ? '30' : '31'}`,
    key_fields: [
      { key: 'team', display_name: 'Team', type: 'select', options: [{ key: 'ops', label: 'Operations' }, { key: 'dev', label: 'Development' }] },
      { key: 'pii', display_name: 'Personal data', type: 'boolean' },
      { key: 'cc', display_name: 'Cost centre', type: 'text' },
    ],
    keys: [
      keyEntry('k1', 'Support bot', usd[0], 1000, { team: 'ops', pii: true, cc: '=SUM(A1:A9)' }),
      keyEntry('k2', INJECTION_NAMES[0]!, usd[1], 1000, { team: 'dev', pii: false }),
      keyEntry('k3', '(deleted key)', usd[2], 1100, {}),
      ...INJECTION_NAMES.slice(1).map((n, i) => keyEntry(`kx${i}`, n, '0', 0, {})),
    ],
    totals: {
      spend_usd: usd.reduce((a, b) => (Number(a) + Number(b)).toFixed(6)),
      ...slice(3100, 31),
      models: [{ model: 'gpt-x', spend_usd: '1.00', ...slice(3100, 31), service_hosted: false }, { model: 'hosted-1', spend_usd: '0', ...slice(10, 1), service_hosted: true }],
      providers: [{ provider: 'openai', spend_usd: '1.00', ...slice(3100, 31) }],
      by_field: [
        {
          key: 'team',
          display_name: 'Team',
          type: 'select',
          groups: [
            { key_count: 1, spend_usd: '1', ...slice(1000, 10), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1000, 10), label: 'Operations', value: 'ops' },
            { key_count: 1, spend_usd: '1', ...slice(1000, 10), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1000, 10), label: 'Development', value: 'dev' },
            { key_count: 6, spend_usd: '1', ...slice(1100, 11), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1100, 11), label: null, value: null },
          ],
        },
        {
          key: 'pii',
          display_name: 'Personal data',
          type: 'boolean',
          groups: [
            // The service labels boolean groups in English whatever the workbook's language.
            { key_count: 1, spend_usd: '1', ...slice(1000, 10), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1000, 10), label: 'Yes', value: true },
            { key_count: 1, spend_usd: '1', ...slice(1000, 10), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1000, 10), label: 'No', value: false },
            { key_count: 6, spend_usd: '1', ...slice(1100, 11), cache_read_input_tokens: 0, cache_creation_input_tokens: 0, service: slice(0, 0), external: slice(1100, 11), label: null, value: null },
          ],
        },
      ],
    },
  };
}

export const planCostJson = {
  currency: 'DKK',
  seats: 3,
  lines: [
    { service: 'private_llm', type: 'assistant', is_per_user: false, unit_price_cents: 500000, quantity: 1, line_total_cents: 500000, custom_price: false, period: null, plan: null, core_plan: 'small' },
    { service: 'connect', type: 'coding', is_per_user: true, unit_price_cents: 19900, quantity: 3, line_total_cents: 59700, plan: 'pro', period: { first_day: '2026-11-10', last_day: '2026-11-30' } },
  ],
  missing: [{ service: 'control', type: 'management', plan: null }],
  total_monthly_cents: 559700,
  core_plan: 'small',
};

const line = (sort_order: number, kind: string, description: string, quantity: number, unit: number) => ({ sort_order, kind, description, quantity, unit_price_cents: unit, line_total_cents: quantity * unit });
const party = {
  seller: { legal_name: 'Service ApS', address: 'Vej 1, 1000 København', cvr: '12345678', vat: 'DK12345678', email: 'billing@service.example', bank: 'Reg. 1234 konto 567890' },
  buyer: { legal_name: 'Test ApS', attention: '', address_line1: 'Gade 2', address_line2: '', postal_code: '2000', city: 'Frederiksberg', country: 'Danmark', cvr: '87654321', vat: 'DK87654321', ean: '', payment_reference: '' },
};

/**
 * Full invoices of the fixture months, figures worked by hand:
 * - 2026-0090 (September, issued): plan 5,000.00 + usage 650.00 = net 5,650.00; VAT 25 % 1,412.50; total 7,062.50.
 * - 2026-0101 (October, issued): plan 5,000.00 + 2 x 199.00 = 5,398.00; usage 789.01 + dev overage 2 x 45.00 = 879.01;
 *   net 6,277.01; VAT 1,569.2525 -> 1,569.25; total 7,846.26. (Today's plan, 5,597.00, has three dev seats.)
 * - 2026-0100 (October, void): plan 5,000.00 + usage 789.01 = 5,789.01; VAT 1,447.25; total 7,236.26.
 */
export const invoiceRecordsJson = [
  {
    id: '33333333-3333-4333-8333-333333333333', org_id: 'org-test', invoice_number: '2026-0090', status: 'issued', period_start: '2026-09-01', period_end: '2026-09-30',
    issued_at: '2026-10-01T07:00:00Z', due_at: '2026-10-15', currency: 'DKK', language: 'en', usd_dkk_rate: '6.5000',
    subscription_subtotal_cents: 500000, usage_subtotal_cents: 65000, subtotal_cents: 565000, vat_cents: 141250, total_cents: 706250, vat_rate_bps: 2500, ...party,
    lines: [line(1, 'subscription', 'Core Small, September 2026', 1, 500000), line(2, 'usage', 'Model usage, September 2026 (USD 100.00)', 1, 65000)],
  },
  {
    id: '22222222-2222-4222-8222-222222222222', org_id: 'org-test', invoice_number: '2026-0100', status: 'void', period_start: '2026-10-01', period_end: '2026-10-31',
    issued_at: '2026-11-01T07:00:00Z', due_at: '2026-11-15', currency: 'DKK', language: 'en', usd_dkk_rate: '6.3910',
    subscription_subtotal_cents: 500000, usage_subtotal_cents: 78901, subtotal_cents: 578901, vat_cents: 144725, total_cents: 723626, vat_rate_bps: 2500, ...party,
    lines: [line(1, 'subscription', 'Core Small, October 2026', 1, 500000), line(2, 'usage', 'Model usage, October 2026', 1, 78901)],
  },
  {
    id: '11111111-1111-4111-8111-111111111111', org_id: 'org-test', invoice_number: '2026-0101', status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31',
    issued_at: '2026-11-01T08:00:00+01:00', due_at: '2026-11-15', currency: 'DKK', language: 'en', usd_dkk_rate: '6.3910',
    subscription_subtotal_cents: 539800, usage_subtotal_cents: 87901, subtotal_cents: 627701, vat_cents: 156925, total_cents: 784626, vat_rate_bps: 2500, ...party,
    lines: [
      line(1, 'subscription', 'Core Small, October 2026', 1, 500000),
      line(2, 'subscription', 'Dev Pro, seats', 2, 19900),
      line(3, 'usage', 'Model usage, October 2026 (USD 123.46)', 1, 78901),
      line(4, 'dev_overage', 'Dev overage (per 100,000 tokens)', 2, 4500),
    ],
  },
];

export const invoicesJson = invoiceRecordsJson.map(({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }) => ({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }));

const USD_BY_MONTH: Record<string, [string, string, string]> = {
  '2026-08': ['3.00', '3.00', '4.00'],
  '2026-09': ['33.33', '33.33', '33.34'],
  '2026-10': ['41.152263', '41.152263', '41.152263'],
  '2026-11': ['10.00', '5.00', '5.00'],
};

/** Parsed key usage of one fixture month. */
export function keyUsage(month: string): OrgKeyUsage {
  return parseRecord(OrgKeyUsageSchema, keyUsageJson(month, USD_BY_MONTH[month]!), 'key usage');
}

/** A key-usage record with its keys held as `fetchCostReportData` holds them. */
export function held(record: OrgKeyUsage): KeyUsageInput {
  return { ...record, keys: KeyStore.of(record.keys) };
}

/** Data for a workbook of one fixture month, or of all four (Aug-Nov). */
export function fixtureData(period: ReportPeriod): CostReportData {
  const monthly = parseRecord(OrgMonthlyUsageSchema, monthlyJson(), 'monthly usage');
  const wanted = 'month' in period ? [period.month] : ['2026-08', '2026-09', '2026-10', '2026-11'];
  const months = monthly.months.filter((m) => wanted.includes(m.month.slice(0, 7)));
  const byMonth = wanted.map((m) => ({ month: m, keyUsage: held(keyUsage(m)) }));
  const last = months.at(-1)!;
  const prev = monthly.months[monthly.months.indexOf(last) - 1] ?? null;
  const whole = byMonth.length === 1 ? byMonth[0]!.keyUsage : held({ ...keyUsage('2026-11'), start_date: '2026-08-01' });
  return {
    period,
    orgId: 'org-test',
    monthly,
    months,
    previousMonth: prev,
    keyUsage: whole,
    keyUsageByMonth: byMonth,
    planCost: parseRecord(OrgPlanCostSchema, planCostJson, 'plan cost'),
    invoices: invoicesJson.map((i) => parseRecord(InvoiceSummarySchema, i, 'invoice')),
    invoiceRecords: invoiceRecordsJson.map((i) => parseRecord(InvoiceSchema, i, 'invoice')),
  };
}
