import { componentSchemas } from './_components.js';
import { YEAR_RANGE } from '../reporting/_period.js';

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } });
const errorJson = (description: string) => json(ref('Error'), description);
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const query = (name: string, schema: object, description: string) => ({ name, in: 'query', required: false, schema, description });

/** What every operation can answer besides its own statuses: an unknown or repeated query parameter, a refused user agent, a server fault. */
const ALWAYS = { '400': response('BadRequest'), '403': response('Forbidden'), '500': response('ServerError') };
/** The reporting endpoints 1-6 (reporting-api.md §7). */
const REPORTING = { ...ALWAYS, '401': response('Unauthorized') };

const REPORTING_TOKEN = [{ reportingToken: [] }];
/** The one rule of a `year` parameter (the spec's "calendar year", int32), on key-usage and monthly-usage alike. */
const YEAR = { type: 'integer', format: 'int32', minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max };
const API_KEY = [{ apiKey: [] }];

function op(
  operationId: string,
  tag: string,
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return { operationId, tags: [tag], summary, description, ...extra, responses };
}

const PATHS = {
  '/api/orgs/{org_id}/invoices': {
    get: op('listInvoices', 'invoices', 'List invoices', 'Invoices issued to the organization, newest first, void ones included (reporting-api.md §4 endpoint 1).', {
      '200': json({ type: 'array', items: ref('InvoiceSummary') }, 'the invoices, newest first'),
      ...REPORTING,
      '409': response('NeedsAttention'),
    }, { parameters: [param('org_id')], security: REPORTING_TOKEN }),
  },
  '/api/orgs/{org_id}/invoices/{invoice_id}': {
    get: op('getInvoice', 'invoices', 'Get an invoice', 'One invoice, money in øre (endpoint 2). The id is a uuid in any case; anything else is 404.', {
      '200': json(ref('Invoice'), 'the invoice, as issued'),
      ...REPORTING,
      '404': response('NotFound'),
      '409': response('NeedsAttention'),
    }, { parameters: [param('org_id'), param('invoice_id')], security: REPORTING_TOKEN }),
  },
  '/api/orgs/{org_id}/invoices/{invoice_id}/pdf': {
    get: op('getInvoicePdf', 'invoices', 'Get an invoice as PDF', 'The invoice rendered as PDF (endpoint 3); a void invoice is stamped VOID. 409 naming the invoice, the field and why when the stored record cannot be printed whole (a character the fonts lack, a field too long for its room); 500 when rendering fails otherwise.', {
      '200': { description: 'the invoice as PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      ...REPORTING,
      '404': response('NotFound'),
      '409': response('NeedsAttention'),
    }, { parameters: [param('org_id'), param('invoice_id')], security: REPORTING_TOKEN }),
  },
  '/api/orgs/{org_id}/key-usage': {
    get: op('getKeyUsage', 'usage', 'Get usage per API key', 'Usage per key for one period style at most (endpoint 4); the end is clamped to today and one request covers at most 366 days. 400 names the parameter.', {
      '200': json(ref('OrgKeyUsage'), 'usage per key over the resolved period'),
      ...REPORTING,
      '409': response('NeedsAttention'),
    }, {
      parameters: [
        param('org_id'),
        query('month', { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, 'one calendar month, YYYY-MM'),
        query('year', YEAR, 'one calendar year, January to December, clamped so it never runs past today'),
        query('months', { type: 'integer', format: 'int32', minimum: 0 }, 'trailing calendar months ending with the current one (more than 13 never fit in one request: 400 names months)'),
        query('start_date', { type: 'string', format: 'date' }, 'first day to include; requires end_date'),
        query('end_date', { type: 'string', format: 'date' }, 'last day to include; requires start_date'),
      ],
      security: REPORTING_TOKEN,
    }),
  },
  '/api/orgs/{org_id}/monthly-usage': {
    get: op('getMonthlyUsage', 'usage', 'Get usage per calendar month', 'Usage per calendar month, oldest first, with DKK at each month\'s rate (endpoint 5). months and year are mutually exclusive.', {
      '200': json(ref('OrgMonthlyUsage'), 'usage per month'),
      ...REPORTING,
    }, {
      parameters: [
        param('org_id'),
        query('months', { type: 'integer', format: 'int32', minimum: 0, maximum: 60, default: 12 }, 'trailing calendar months including the current one; mutually exclusive with year'),
        query('year', YEAR, 'one calendar year, January to December (months after the current one are left out); mutually exclusive with months'),
      ],
      security: REPORTING_TOKEN,
    }),
  },
  '/api/orgs/{org_id}/plan-cost': {
    get: op('getPlanCost', 'subscription', 'Get the monthly plan cost', 'The subscription\'s monthly cost in one currency, from the prices set in it, never converted (endpoint 6). An unknown currency is 400.', {
      '200': json(ref('OrgPlanCost'), 'the monthly plan cost'),
      ...REPORTING,
    }, {
      parameters: [param('org_id'), query('currency', { type: 'string', enum: ['DKK', 'EUR', 'USD'], default: 'DKK' }, 'currency of the amounts')],
      security: REPORTING_TOKEN,
    }),
  },
  '/api/partner/status': {
    get: op('getPartnerStatus', 'partner', 'Get the partner status', 'Every organization the partner serves and its keys, checked against the recommended models (endpoint 7).', {
      '200': json(ref('PartnerStatus'), 'the partner status'),
      ...ALWAYS,
      '401': response('Unauthorized'),
    }, { security: [{ partnerToken: [] }] }),
  },
  '/v1/service/key': {
    get: op('getKeyFields', 'gateway', 'Get the calling key\'s fields', 'The fields the organization set on the calling API key (gateway-and-cli.md §4). 401 also for a key whose monthly limit is reached.', {
      '200': json(ref('KeyFieldsRecord'), 'the calling key\'s fields'),
      ...ALWAYS,
      '401': response('Unauthorized'),
    }, { security: API_KEY }),
  },
  '/v1/search/service-search': {
    post: op('search', 'gateway', 'Search the web privately', 'A web search run by the service without the key, account or address of the caller (gateway-and-cli.md §4). The body is at most 64 KiB. Each search counts against the key\'s rate limit (gateway-and-cli.md §8): a number of requests per minute, of which a whole minute\'s worth may come at once, refilling evenly; past it the answer is 429 with Retry-After.', {
      '200': { ...json(ref('SearchResponse'), 'the results'), headers: { 'x-ratelimit-limit-requests': header('RateLimitLimit'), 'x-ratelimit-remaining-requests': header('RateLimitRemaining') } },
      ...ALWAYS,
      '401': response('Unauthorized'),
      '413': errorJson('the request body is larger than 64 KiB'),
      '415': errorJson('the body is not sent as `Content-Type: application/json`, or with a `Content-Encoding` (a compressed body is not taken)'),
      '429': response('TooManyRequests'),
    }, { requestBody: { required: true, content: { 'application/json': { schema: ref('SearchRequest') } } }, security: API_KEY }),
  },
  '/key/info': {
    get: op('getKeyInfo', 'gateway', 'Get the calling key\'s details', 'The calling key: its name, organization, spend and limit, credits and dev plan (LiteLLM\'s shape; README Assumptions).', {
      '200': json(ref('KeyInfoResponse'), 'the key\'s details'),
      ...ALWAYS,
      '401': response('Unauthorized'),
    }, { security: API_KEY }),
  },
  '/v1/model/info': {
    get: op('getModelInfo', 'gateway', 'List the models the key may use', 'The models the calling key may use with limits, prices per token and capabilities (LiteLLM\'s shape).', {
      '200': json(ref('ModelInfoResponse'), 'the models'),
      ...ALWAYS,
      '401': response('Unauthorized'),
    }, { security: API_KEY }),
  },
  '/user/daily/activity': {
    get: op('getDailyActivity', 'gateway', 'Get the calling key\'s usage per day', 'One result per UTC day of the range (default this month to date, at most 366 days, the end clamped to today); usage recorded without a model counts in the day but has no breakdown entry.', {
      '200': json(ref('DailyActivityResponse'), 'usage per day'),
      ...ALWAYS,
      '401': response('Unauthorized'),
    }, {
      parameters: [
        query('start_date', { type: 'string', format: 'date' }, 'first day (default: the first of the current month)'),
        query('end_date', { type: 'string', format: 'date' }, 'last day (default: today)'),
        query('page', { type: 'integer', minimum: 1 }, 'page, from 1 (LiteLLM\'s pagination; this server answers every day on page 1 of 1)'),
        query('page_size', { type: 'integer', minimum: 1, maximum: 1000 }, 'records per page, at most 1000 (LiteLLM\'s; default 50)'),
      ],
      security: API_KEY,
    }),
  },
  '/api/openapi.json': {
    get: op('getOpenApiDocument', 'meta', 'Get this document', 'The OpenAPI 3.1 description of every endpoint this server answers.', {
      '200': { description: 'this document', content: { 'application/json': { schema: { type: 'object' } } } },
      ...ALWAYS,
    }, { security: [] }),
  },
};

/**
 * The OpenAPI 3.1 document the reference server serves at /api/openapi.json: every route it
 * answers, each with a summary and every status it can answer, and the records from the
 * listed zod schemas that also type and check them.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reporting API and gateway (reference server)',
      version: '1.0.0',
      description: 'The reporting API of reporting-api.md and the gateway endpoints of gateway-and-cli.md, served on one origin by svc-reporting\'s reference server over a dataset.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'the server this document is served from (reporting API and gateway on one origin)' }],
    tags: [
      { name: 'invoices', description: 'Issued invoices, as JSON and PDF' },
      { name: 'usage', description: 'Token usage and spend per key and per month' },
      { name: 'subscription', description: 'The monthly plan cost' },
      { name: 'partner', description: 'A partner\'s organizations and their keys' },
      { name: 'gateway', description: 'Endpoints that take an API key' },
      { name: 'meta', description: 'This description' },
    ],
    security: REPORTING_TOKEN,
    paths: PATHS,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        reportingToken: { type: 'http', scheme: 'bearer', description: 'A reporting token (endpoints 1-6): read-only, one organization.' },
        partnerToken: { type: 'http', scheme: 'bearer', description: 'A partner token: opens only the partner status.' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, the same used for models (gateway endpoints).' },
      },
      parameters: {
        org_id: { name: 'org_id', in: 'path', required: true, schema: { type: 'string' }, description: 'the caller\'s own organization id' },
        invoice_id: { name: 'invoice_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: 'the invoice\'s uuid (any case)' },
      },
      headers: {
        WwwAuthenticate: { description: 'the authentication scheme to use (RFC 6750): `Bearer`, with `error="invalid_token"` when the credential sent was refused', schema: { type: 'string' } },
        RetryAfter: { description: 'whole seconds until the key may search again', schema: { type: 'integer', minimum: 1 } },
        RateLimitLimit: { description: 'the key\'s rate limit, requests per minute', schema: { type: 'integer', minimum: 1 } },
        RateLimitRemaining: { description: 'requests the key may still make at once', schema: { type: 'integer', minimum: 0 } },
      },
      responses: {
        BadRequest: errorJson('a malformed or conflicting parameter or body (the message names it), a query parameter the operation does not take (named, with those it takes), or one given more than once'),
        Unauthorized: {
          ...errorJson('missing, unknown, expired or revoked credential (for an API key also: blocked by its monthly limit)'),
          headers: { 'WWW-Authenticate': header('WwwAuthenticate') },
        },
        TooManyRequests: {
          ...errorJson('the key\'s rate limit is used up (error `rate_limited`); retry after the seconds Retry-After gives'),
          headers: { 'Retry-After': header('RetryAfter'), 'x-ratelimit-limit-requests': header('RateLimitLimit'), 'x-ratelimit-remaining-requests': header('RateLimitRemaining') },
        },
        Forbidden: {
          description: 'another organization\'s id, data not shared with the organization, a token of the wrong kind, a key of no organization; or, as text/plain "error code: 1010", a default user agent refused by the edge proxy',
          content: { 'application/json': { schema: ref('Error') }, 'text/plain': { schema: { type: 'string' } } },
        },
        NotFound: errorJson('the invoice does not exist or belongs to another organization'),
        NeedsAttention: errorJson('the organization\'s setup needs attention on the service\'s side'),
        ServerError: errorJson('the server failed (e.g. an invoice PDF could not be rendered)'),
      },
    },
  };
}
