// The samples' organizations and partner as the client and the CLI reach a reference server:
// API clients with their tokens, and the environment `svc` reads them from.
import type { ReferenceServer } from '../../src/server/index.js';
import { ReportingClient, type ReportingClientOptions } from '../../src/client/reporting-client.js';
import { PartnerClient } from '../../src/client/partner-client.js';
import { PARTNER_TOKEN, tokenOf } from './samples.js';

/** Fast retries so failing cases do not wait. */
export const FAST = { retry: { initialDelayMs: 1, maxDelayMs: 5 } };

/** A ReportingClient of the samples' `orgId` against `server`, with fast retries. */
export function reporting(server: ReferenceServer, orgId: string, extra: ReportingClientOptions = {}): ReportingClient {
  return new ReportingClient({ baseUrl: server.url, orgId, token: tokenOf(orgId), env: {}, ...FAST, ...extra });
}

/** A PartnerClient against `server` (the samples' partner token unless given), with fast retries. */
export function partner(server: ReferenceServer, token = PARTNER_TOKEN): PartnerClient {
  return new PartnerClient({ baseUrl: server.url, token, env: {}, ...FAST });
}

/** The environment in which `svc` is the samples' `orgId` against `server` (colour off). */
export function orgEnv(server: ReferenceServer, orgId: string): Record<string, string> {
  return { SVC_BASE_URL: server.url, SVC_ORG_ID: orgId, SVC_REPORTING_TOKEN: tokenOf(orgId), NO_COLOR: '1' };
}

/** The environment in which `svc` is the samples' partner against `server` (colour off). */
export function partnerEnv(server: ReferenceServer): Record<string, string> {
  return { SVC_BASE_URL: server.url, SVC_PARTNER_TOKEN: PARTNER_TOKEN, NO_COLOR: '1' };
}
