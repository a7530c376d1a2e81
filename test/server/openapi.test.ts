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
});
