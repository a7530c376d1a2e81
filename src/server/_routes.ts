import type { IncomingMessage } from 'node:http';
import type { Dataset } from './dataset/dataset.js';
import { HttpError } from './http-error.js';
import { json, readBody, type Reply } from './_http.js';
import { authorizeOrg, authorizePartner } from './_auth.js';
import { resolveKeyUsagePeriod } from './reporting/_period.js';
import { buildKeyUsage } from './reporting/key-usage.js';
import { buildMonthlyUsage, resolveMonthlyWindow } from './reporting/monthly-usage.js';
import { buildPlanCost, resolveCurrency } from './reporting/plan-cost.js';
import { invoiceJson, invoicePdf, listInvoices } from './reporting/invoices.js';
import { buildPartnerStatus } from './reporting/partner-status.js';
import { callingKey, requireUsableKey } from './gateway/_api-key.js';
import { keyFieldsRecord } from './gateway/key-lookup.js';
import { search } from './gateway/search.js';
import { searchRateLimit } from './gateway/search-rate-limit.js';
import type { RateLimiter } from './gateway/rate-limiter.js';
import { exactJsonReply } from './_exact-json.js';
import { keyInfo } from './gateway/key-info.js';
import { modelInfo } from './gateway/model-info.js';
import { dailyActivity } from './gateway/daily-activity.js';
import { buildOpenApiDocument } from './openapi/document.js';

export interface RouteContext {
  ds: Dataset;
  req: IncomingMessage;
  query: URLSearchParams;
  params: string[];
  /** The server's rate limits of API keys (search). */
  limiter: RateLimiter;
}

/** A route: what it matches, its path as the OpenAPI document names it, and its handler. */
export type Route = { method: 'GET' | 'POST'; pattern: RegExp; openapi: string; handle: (c: RouteContext) => Promise<Reply> };

const UUID = '([0-9a-fA-F-]{36})';
const ORG = '/api/orgs/([^/]+)';
let openApiText: string | undefined;

async function orgFor(c: RouteContext, shared: 'invoices' | 'usage' | 'subscription', attention: boolean) {
  let orgId: string;
  try {
    orgId = decodeURIComponent(c.params[0]!);
  } catch {
    throw new HttpError(404, 'not_found', 'malformed organization id in the path');
  }
  return authorizeOrg(c.ds, c.req, orgId, shared, attention);
}

async function orgKey(c: RouteContext) {
  const k = await callingKey(c.ds, c.req);
  if (!k.org) throw new HttpError(403, 'no_organization', 'the key belongs to no organization');
  return k as typeof k & { org: NonNullable<typeof k.org> };
}

/** Every endpoint of the reporting API (spec §4) and the gateway (gateway spec §4, README Assumptions). */
export const routes: Route[] = [
  { method: 'GET', pattern: new RegExp(`^${ORG}/invoices$`), openapi: '/api/orgs/{org_id}/invoices', handle: async (c) => json(await listInvoices(c.ds, await orgFor(c, 'invoices', true))) },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/${UUID}$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}',
    handle: async (c) => ({ kind: 'raw', contentType: 'application/json; charset=utf-8', body: await invoiceJson(c.ds, await orgFor(c, 'invoices', true), c.params[1]!.toLowerCase()) }),
  },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/${UUID}/pdf$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}/pdf',
    handle: async (c) => ({ kind: 'raw', contentType: 'application/pdf', body: await invoicePdf(c.ds, await orgFor(c, 'invoices', true), c.params[1]!.toLowerCase()) }),
  },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/([^/]+)(/pdf)?$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}',
    handle: async (c) => {
      await orgFor(c, 'invoices', true);
      throw new HttpError(404, 'not_found', 'invoice ids are uuids; no such invoice');
    },
  },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/key-usage$`), openapi: '/api/orgs/{org_id}/key-usage',
    handle: async (c) => {
      const org = await orgFor(c, 'usage', true);
      const { first, last } = resolveKeyUsagePeriod(c.query, c.ds.today);
      return json(await buildKeyUsage(c.ds, org, first, last));
    },
  },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/monthly-usage$`), openapi: '/api/orgs/{org_id}/monthly-usage',
    handle: async (c) => {
      const org = await orgFor(c, 'usage', false);
      return json(await buildMonthlyUsage(c.ds, org, resolveMonthlyWindow(c.query, c.ds.today)));
    },
  },
  {
    method: 'GET', pattern: new RegExp(`^${ORG}/plan-cost$`), openapi: '/api/orgs/{org_id}/plan-cost',
    handle: async (c) => {
      const org = await orgFor(c, 'subscription', false);
      // int64 totals past 2^53 are written exactly (exactJson), never as a rounded float.
      return exactJsonReply(buildPlanCost({ prices: c.ds.meta.prices, today: c.ds.today }, org, resolveCurrency(c.query)));
    },
  },
  { method: 'GET', pattern: /^\/api\/partner\/status$/, openapi: '/api/partner/status', handle: async (c) => json(await buildPartnerStatus(c.ds, authorizePartner(c.ds, c.req))) },
  {
    method: 'GET', pattern: /^\/api\/openapi\.json$/, openapi: '/api/openapi.json',
    handle: async () => ({ kind: 'raw', contentType: 'application/json; charset=utf-8', body: (openApiText ??= JSON.stringify(buildOpenApiDocument())) }),
  },
  {
    method: 'GET', pattern: /^\/v1\/service\/key$/, openapi: '/v1/service/key',
    handle: async (c) => {
      const k = await requireUsableKey(c.ds, c.req);
      return json(keyFieldsRecord(k.org, k.key));
    },
  },
  {
    method: 'POST', pattern: /^\/v1\/search\/service-search$/, openapi: '/v1/search/service-search',
    handle: async (c) => {
      const k = await requireUsableKey(c.ds, c.req);
      const headers = searchRateLimit(c.ds, c.limiter, k);
      return { ...json(search(c.ds, await readBody(c.req))), headers };
    },
  },
  { method: 'GET', pattern: /^\/key\/info$/, openapi: '/key/info', handle: async (c) => json(await keyInfo(c.ds, await callingKey(c.ds, c.req))) },
  { method: 'GET', pattern: /^\/v1\/model\/info$/, openapi: '/v1/model/info', handle: async (c) => json(modelInfo(c.ds, await orgKey(c))) },
  { method: 'GET', pattern: /^\/user\/daily\/activity$/, openapi: '/user/daily/activity', handle: async (c) => json(await dailyActivity(c.ds, await orgKey(c), c.query)) },
];
