import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call } from './_helpers.js';

let s: ReferenceServer;
beforeAll(async () => { s = await startReferenceServer({}); });
afterAll(async () => { await s.close(); });

describe('/api/openapi.json', () => {
  it('is OpenAPI 3.1 with every record under components/schemas and every path of the spec', async () => {
    const r = await call(s.url, '/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const ids = Object.keys(doc.components.schemas);
    for (const id of ['OrgKeyUsage', 'OrgKeyUsageEntry', 'OrgKeyFieldGroupUsage', 'UsageSlice', 'OrgMonthlyUsage', 'DailyUsageEntry', 'OrgPlanCost', 'InvoiceSummary', 'Invoice', 'InvoiceLine', 'PartnerStatus', 'PartnerKey', 'KeyFieldsRecord', 'SearchRequest', 'SearchResponse', 'Error']) {
      expect(ids).toContain(id);
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/orgs/{org_id}/invoices', '/api/orgs/{org_id}/invoices/{invoice_id}', '/api/orgs/{org_id}/invoices/{invoice_id}/pdf',
      '/api/orgs/{org_id}/key-usage', '/api/orgs/{org_id}/monthly-usage', '/api/orgs/{org_id}/plan-cost', '/api/partner/status',
    ]));
    // input side: decimal amounts are strings on the wire, int64 carries its format
    expect(doc.components.schemas.OrgKeyUsageEntry.properties.spend_usd.type).toBe('string');
    expect(doc.components.schemas.Invoice.properties.total_cents).toMatchObject({ type: 'integer', format: 'int64' });
    // every $ref points at a component that exists
    const refs = [...r.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(ids).toContain(ref);
    expect(r.text).not.toContain('"$schema"');
  });

  it('matches the spec record by record: required fields, optional fields, enumerations, formats', async () => {
    const doc = (await call(s.url, '/api/openapi.json')).json;
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown>; required?: string[]; $ref?: string }>;
    const tokens = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'request_count'];
    const cache = ['cache_read_input_tokens', 'cache_creation_input_tokens'];
    // [record, required as the spec writes it, optional as the spec writes it]
    const spec: Array<[string, string[], string[]]> = [
      ['UsageSlice', tokens, cache],
      ['KeyField', ['key', 'display_name', 'type'], ['required', 'default_value', 'options', 'sort_options_alphabetically']],
      ['KeyFieldOption', ['key', 'label'], []],
      ['OrgKeyUsage', ['org_id', 'start_date', 'end_date', 'keys', 'totals'], ['key_fields']],
      ['OrgKeyUsageEntry', ['id', 'name', 'key_prefix', 'spend_usd', ...tokens, 'models'], [...cache, 'service', 'external', 'fields', 'product', 'recipient_email']],
      ['OrgModelUsage', ['model', 'spend_usd', ...tokens], [...cache, 'service_hosted']],
      ['OrgProviderUsage', ['provider', 'spend_usd', ...tokens], cache],
      ['OrgKeyUsageTotals', ['spend_usd', ...tokens, 'models'], [...cache, 'providers', 'service', 'external', 'by_field']],
      ['OrgKeyFieldUsage', ['key', 'display_name', 'type', 'groups'], []],
      ['OrgKeyFieldGroupUsage', ['key_count', 'spend_usd', ...tokens, ...cache, 'service', 'external'], ['label', 'value']],
      ['OrgMonthlyUsage', ['org_id', 'months', 'summary', 'available_years'], []],
      ['MonthlyUsageEntry', ['month', 'usd_spend', 'rate_estimated', 'total_tokens', 'request_count'], ['dkk_spend', 'prompt_tokens', 'completion_tokens', ...cache, 'days']],
      ['DailyUsageEntry', ['date', 'usd_spend', 'total_tokens', 'request_count'], ['prompt_tokens', 'completion_tokens', ...cache]],
      ['OrgPlanCost', ['currency', 'seats', 'lines', 'missing', 'total_monthly_cents'], ['core_plan', 'company_size_tier']],
      ['OrgPlanCostLine', ['service', 'type', 'is_per_user', 'unit_price_cents', 'quantity', 'line_total_cents'], ['custom_price', 'period', 'plan', 'core_plan']],
      ['OrgPlanCostMissing', ['service', 'type'], ['plan']],
      ['InvoiceSummary', ['id', 'invoice_number', 'status', 'period_start', 'issued_at', 'due_at', 'currency', 'total_cents'], []],
      ['Invoice', ['id', 'org_id', 'invoice_number', 'status', 'period_start', 'period_end', 'issued_at', 'due_at', 'currency', 'language', 'subscription_subtotal_cents', 'usage_subtotal_cents', 'subtotal_cents', 'total_cents', 'vat_cents', 'vat_rate_bps', 'seller', 'buyer', 'lines'], ['usd_dkk_rate']],
      ['InvoiceSeller', ['legal_name', 'address', 'cvr', 'vat', 'email', 'bank'], []],
      ['InvoiceBuyer', ['legal_name', 'attention', 'address_line1', 'address_line2', 'postal_code', 'city', 'country', 'cvr', 'vat', 'ean', 'payment_reference'], ['email']],
      ['InvoiceLine', ['sort_order', 'kind', 'description', 'quantity', 'unit_price_cents', 'line_total_cents'], []],
      ['KeyFieldsRecord', ['key_name', 'fields'], []],
      ['SearchRequest', ['query'], ['time_range', 'language', 'categories', 'engines']],
      ['SearchResult', ['title', 'url', 'snippet', 'date'], []],
    ];
    for (const [name, required, optional] of spec) {
      const record = schemas[name];
      expect(record, name).toBeDefined();
      expect([...(record!.required ?? [])].sort(), name).toEqual([...required].sort());
      expect(Object.keys(record!.properties ?? {}).sort(), name).toEqual([...required, ...optional].sort());
    }
    expect(schemas.OrgKeyUsageEntry!.properties!.models).toEqual({ type: 'array', items: { $ref: '#/components/schemas/OrgKeyModelUsage' } });
    expect(schemas.OrgKeyModelUsage!.$ref).toBe('#/components/schemas/OrgModelUsage');
    const props = (name: string) => schemas[name]!.properties as Record<string, Record<string, unknown>>;
    expect(props('InvoiceLine').kind!.enum).toEqual(['subscription', 'usage', 'usage_provider', 'dev_overage']);
    expect(props('OrgPlanCostLine').service!.enum).toEqual(['private_llm', 'llm_router', 'control', 'connect']);
    expect(props('OrgPlanCostLine').type!.enum).toEqual(['coding', 'assistant', 'public_models', 'management', 'integrations']);
    expect(props('OrgPlanCostLine').unit_price_cents).toMatchObject({ type: 'integer', format: 'int32' });
    expect(props('OrgPlanCostLine').line_total_cents).toMatchObject({ type: 'integer', format: 'int64' });
    expect(props('OrgKeyFieldGroupUsage').key_count).toMatchObject({ type: 'integer', format: 'int64' });
    expect(props('OrgMonthlyUsage').available_years).toMatchObject({ type: 'array', items: { type: 'integer', format: 'int32' } });
    expect(props('MonthlyUsageEntry').usd_spend).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(props('Invoice').vat_rate_bps).toMatchObject({ type: 'integer', format: 'int32' });
  });
});
