import type { IncomingMessage } from 'node:http';
import type { Dataset, OrgData } from './dataset/dataset.js';
import type { Partner } from './dataset/_schema.js';
import { HttpError } from './http-error.js';
import { bearer } from './_http.js';

/** Which sharing flag guards an endpoint (spec §5.5). */
export type Shared = 'invoices' | 'usage' | 'subscription';

const NOT_SHARED: Record<Shared, string> = {
  invoices: 'invoices are not shared with this organization',
  usage: 'usage is not shared with this organization',
  subscription: 'the subscription is not shared with this organization',
};

/**
 * Checks a reporting token for endpoints 1-6 (spec §5, §7): 401 missing or unknown token,
 * 403 a partner token, another organization's id or a sharing flag off. Who may ask comes first;
 * whether the question is well formed (400) and the organization's state (409, `refuseNeedsAttention`) after.
 */
export async function authorizeOrg(ds: Dataset, req: IncomingMessage, orgId: string, shared: Shared): Promise<OrgData> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'missing bearer token');
  const own = ds.tokens.orgs.find((t) => t.token === token);
  if (!own) {
    if (ds.tokens.partners.some((t) => t.token === token)) {
      throw new HttpError(403, 'forbidden', 'a partner token opens only GET /api/partner/status');
    }
    throw new HttpError(401, 'unauthorized', 'unknown, expired or revoked token');
  }
  if (own.org_id !== orgId) throw new HttpError(403, 'forbidden', 'the token belongs to another organization');
  const org = await ds.org(orgId);
  if (!org) throw new HttpError(403, 'forbidden', 'the token belongs to another organization');
  if (!org.raw.shares[shared]) throw new HttpError(403, `${shared}_not_shared`, NOT_SHARED[shared]);
  return org;
}

/** 409 on endpoints 1-4 when the organization's setup needs attention on the service's side (spec §7; 5 and 6 have none). */
export function refuseNeedsAttention(org: OrgData): OrgData {
  if (org.raw.needs_attention) throw new HttpError(409, 'needs_attention', "the organization's setup needs attention on the service's side");
  return org;
}

/** Checks a partner token for endpoint 7: 401 missing or unknown, 403 a reporting token. */
export function authorizePartner(ds: Dataset, req: IncomingMessage): Partner {
  const token = bearer(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'missing bearer token');
  const entry = ds.tokens.partners.find((t) => t.token === token);
  if (!entry) {
    if (ds.tokens.orgs.some((t) => t.token === token)) throw new HttpError(403, 'not_partner', 'the caller is not a partner');
    throw new HttpError(401, 'unauthorized', 'unknown, expired or revoked token');
  }
  const partner = ds.partners.find((p) => p.org_id === entry.org_id);
  if (!partner) throw new HttpError(403, 'not_partner', 'the caller is not a partner');
  return partner;
}
