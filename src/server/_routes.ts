import type { IncomingMessage } from 'node:http';
import type { Dataset } from './dataset/dataset.js';
import { HttpError } from './http-error.js';
import { json, readBody, type Reply } from './_http.js';
import { authorizeOrg, authorizePartner, refuseNeedsAttention } from './_auth.js';
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

/**
 * A route: what it matches, its path as the OpenAPI document names it, who may call it, and its
 * handler. `authorize` runs first (401, 403), then the query's names are checked (400), then
 * `handle` with what `authorize` found: a caller without a valid token learns nothing about the
 * request it made, and a 400 never hides a 401 or 403 (spec §7 lists those for every endpoint).
 */
export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  openapi: string;
  authorize: (c: RouteContext) => Promise<unknown>;
  handle: (c: RouteContext, caller: unknown) => Promise<Reply>;
}

/** A route whose handler takes what its `authorize` returned, typed. */
function route<A>(r: Omit<Route, 'authorize' | 'handle'> & { authorize: (c: RouteContext) => Promise<A>; handle: (c: RouteContext, caller: A) => Promise<Reply> }): Route {
  return r as Route;
}

const UUID = '([0-9a-fA-F-]{36})';
const ORG = '/api/orgs/([^/]+)';
let openApiText: string | undefined;

/** Endpoints 1-6: the caller's own organization, its `shared` part open to it (401, 403). */
function orgFor(shared: 'invoices' | 'usage' | 'subscription') {
  return async (c: RouteContext) => {
    // An id that does not decode (`%FF`) is no organization's: the token is checked first (spec §7
    // gives endpoints 1 and 4-6 only 401 and 403), and it then belongs to another organization.
    let orgId: string;
    try {
      orgId = decodeURIComponent(c.params[0]!);
    } catch {
      orgId = c.params[0]!;
    }
    return authorizeOrg(c.ds, c.req, orgId, shared);
  };
}

async function orgKey(c: RouteContext) {
  const k = await callingKey(c.ds, c.req);
  if (!k.org) throw new HttpError(403, 'no_organization', 'the key belongs to no organization');
  return k as typeof k & { org: NonNullable<typeof k.org> };
}

const anyone = async (): Promise<undefined> => undefined;

/** Every endpoint of the reporting API (spec §4) and the gateway (gateway spec §4, README Assumptions). */
export const routes: Route[] = [
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices$`), openapi: '/api/orgs/{org_id}/invoices', authorize: orgFor('invoices'),
    handle: async (c, org) => json(await listInvoices(c.ds, refuseNeedsAttention(org))),
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/${UUID}$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}', authorize: orgFor('invoices'),
    handle: async (c, org) => ({ kind: 'raw', contentType: 'application/json; charset=utf-8', body: await invoiceJson(c.ds, refuseNeedsAttention(org), c.params[1]!.toLowerCase()) }),
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/${UUID}/pdf$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}/pdf', authorize: orgFor('invoices'),
    handle: async (c, org) => ({ kind: 'raw', contentType: 'application/pdf', body: await invoicePdf(c.ds, refuseNeedsAttention(org), c.params[1]!.toLowerCase()) }),
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/invoices/([^/]+)(/pdf)?$`), openapi: '/api/orgs/{org_id}/invoices/{invoice_id}', authorize: orgFor('invoices'),
    handle: async (_c, org) => {
      refuseNeedsAttention(org);
      throw new HttpError(404, 'not_found', 'invoice ids are uuids; no such invoice');
    },
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/key-usage$`), openapi: '/api/orgs/{org_id}/key-usage', authorize: orgFor('usage'),
    handle: async (c, org) => {
      // A malformed period is the request's fault (400), before the organization's state (409).
      const { first, last } = resolveKeyUsagePeriod(c.query, c.ds.today);
      return json(await buildKeyUsage(c.ds, refuseNeedsAttention(org), first, last));
    },
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/monthly-usage$`), openapi: '/api/orgs/{org_id}/monthly-usage', authorize: orgFor('usage'),
    handle: async (c, org) => json(await buildMonthlyUsage(c.ds, org, resolveMonthlyWindow(c.query, c.ds.today))),
  }),
  route({
    method: 'GET', pattern: new RegExp(`^${ORG}/plan-cost$`), openapi: '/api/orgs/{org_id}/plan-cost', authorize: orgFor('subscription'),
    // int64 totals past 2^53 are written exactly (exactJson), never as a rounded float.
    handle: async (c, org) => exactJsonReply(buildPlanCost({ prices: c.ds.meta.prices, today: c.ds.today }, org, resolveCurrency(c.query))),
  }),
  route({
    method: 'GET', pattern: /^\/api\/partner\/status$/, openapi: '/api/partner/status', authorize: async (c) => authorizePartner(c.ds, c.req),
    handle: async (c, partner) => json(await buildPartnerStatus(c.ds, partner)),
  }),
  route({
    method: 'GET', pattern: /^\/api\/openapi\.json$/, openapi: '/api/openapi.json', authorize: anyone,
    handle: async () => ({ kind: 'raw', contentType: 'application/json; charset=utf-8', body: (openApiText ??= JSON.stringify(buildOpenApiDocument())) }),
  }),
  route({
    method: 'GET', pattern: /^\/v1\/service\/key$/, openapi: '/v1/service/key', authorize: (c) => requireUsableKey(c.ds, c.req),
    handle: async (_c, k) => json(keyFieldsRecord(k.org, k.key)),
  }),
  route({
    method: 'POST', pattern: /^\/v1\/search\/service-search$/, openapi: '/v1/search/service-search', authorize: (c) => requireUsableKey(c.ds, c.req),
    handle: async (c, k) => {
      const headers = searchRateLimit(c.ds, c.limiter, k);
      return { ...json(search(c.ds, await readBody(c.req), c.req.headers['content-type'])), headers };
    },
  }),
  route({ method: 'GET', pattern: /^\/key\/info$/, openapi: '/key/info', authorize: (c) => callingKey(c.ds, c.req), handle: async (c, k) => json(await keyInfo(c.ds, k)) }),
  route({ method: 'GET', pattern: /^\/v1\/model\/info$/, openapi: '/v1/model/info', authorize: orgKey, handle: async (c, k) => json(modelInfo(c.ds, k)) }),
  route({ method: 'GET', pattern: /^\/user\/daily\/activity$/, openapi: '/user/daily/activity', authorize: orgKey, handle: async (c, k) => json(await dailyActivity(c.ds, k, c.query)) }),
];
