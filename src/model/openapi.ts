import { z } from 'zod';
// Importing the records registers every schema (with its `.meta({ id })`) in zod's global registry.
import './index.js';

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const jsonBody = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } });
const err = (description: string) => jsonBody(ref('Error'), description);
const orgParam = { name: 'org_id', in: 'path', required: true, schema: { type: 'string' } };
const invoiceParam = { name: 'invoice_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const q = (name: string, schema: object, description: string) => ({ name, in: 'query', required: false, schema, description });
const common = { '401': err('missing, expired or revoked token') };

/**
 * The OpenAPI 3.1 document of the reporting API and the gateway endpoints, its components built
 * from the same zod schemas that type and check every record (input side: decimal strings stay strings).
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    io: 'input',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const components: Record<string, unknown> = {};
  for (const id of Object.keys(schemas).sort()) {
    const { $schema: _s, $id: _i, ...rest } = schemas[id]!;
    components[id] = rest;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reporting API and gateway (reference server)', version: '1.0.0' },
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths: {
      '/api/orgs/{org_id}/invoices': {
        get: { operationId: 'listInvoices', parameters: [orgParam], responses: { '200': jsonBody({ type: 'array', items: ref('InvoiceSummary') }, 'invoices, newest first'), ...common, '403': err('another organization, or invoices not shared'), '409': err('setup needs attention') } },
      },
      '/api/orgs/{org_id}/invoices/{invoice_id}': {
        get: { operationId: 'getInvoice', parameters: [orgParam, invoiceParam], responses: { '200': jsonBody(ref('Invoice'), 'the invoice'), ...common, '403': err('another organization, or invoices not shared'), '404': err('no such invoice'), '409': err('setup needs attention') } },
      },
      '/api/orgs/{org_id}/invoices/{invoice_id}/pdf': {
        get: { operationId: 'getInvoicePdf', parameters: [orgParam, invoiceParam], responses: { '200': { description: 'the invoice as PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...common, '403': err('another organization, or invoices not shared'), '404': err('no such invoice'), '409': err('setup needs attention') } },
      },
      '/api/orgs/{org_id}/key-usage': {
        get: {
          operationId: 'getKeyUsage',
          parameters: [
            orgParam,
            q('month', { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, 'one calendar month'),
            q('year', { type: 'integer', format: 'int32' }, 'calendar year, clamped to today'),
            q('months', { type: 'integer', format: 'int32', minimum: 0 }, 'trailing calendar months ending with the current one'),
            q('start_date', { type: 'string', format: 'date' }, 'first day; requires end_date'),
            q('end_date', { type: 'string', format: 'date' }, 'last day; requires start_date'),
          ],
          responses: { '200': jsonBody(ref('OrgKeyUsage'), 'usage per key'), '400': err('conflicting or malformed period, or over 366 days'), ...common, '403': err('another organization, or usage not shared'), '409': err('setup needs attention') },
        },
      },
      '/api/orgs/{org_id}/monthly-usage': {
        get: {
          operationId: 'getMonthlyUsage',
          parameters: [orgParam, q('months', { type: 'integer', format: 'int32', minimum: 0, maximum: 60, default: 12 }, 'trailing months'), q('year', { type: 'integer', format: 'int32' }, 'one calendar year')],
          responses: { '200': jsonBody(ref('OrgMonthlyUsage'), 'usage per month'), '400': err('both months and year'), ...common, '403': err('another organization, or usage not shared') },
        },
      },
      '/api/orgs/{org_id}/plan-cost': {
        get: {
          operationId: 'getPlanCost',
          parameters: [orgParam, q('currency', { type: 'string', enum: ['DKK', 'EUR', 'USD'], default: 'DKK' }, 'currency of the amounts')],
          responses: { '200': jsonBody(ref('OrgPlanCost'), 'monthly plan cost'), ...common, '403': err('another organization, or the subscription not shared') },
        },
      },
      '/api/partner/status': {
        get: { operationId: 'getPartnerStatus', responses: { '200': jsonBody(ref('PartnerStatus'), 'partner status'), '401': err('unauthorized'), '403': err('caller is not a partner') } },
      },
      '/v1/service/key': {
        get: { operationId: 'getKeyFields', responses: { '200': jsonBody(ref('KeyFieldsRecord'), 'the calling key\'s fields'), '401': err('missing, unknown, expired or blocked key'), '403': err('key belongs to no organization') } },
      },
      '/v1/search/service-search': {
        post: {
          operationId: 'search',
          requestBody: { required: true, content: { 'application/json': { schema: ref('SearchRequest') } } },
          responses: { '200': jsonBody(ref('SearchResponse'), 'search results'), '400': err('malformed request'), '401': err('missing, unknown or blocked key') },
        },
      },
    },
  };
}
