import { ConfigurationError } from './errors/common/configuration-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';

/**
 * An organization id usable as one path segment: `.` and `..` would be resolved by the URL
 * (`/api/orgs/../invoices`) and so ask about another path than the organization's.
 * @throws ConfigurationError
 */
export function checkOrgIdValue(orgId: string): string {
  if (orgId === '.' || orgId === '..') throw new ConfigurationError(`the organization id "${orgId}" is not an organization id`, 'set SVC_ORG_ID (or the orgId option) to the id the dashboard shows', 'SVC_ORG_ID', 'malformed');
  return orgId;
}

/**
 * A record answering for another organization than the one asked for is not ours to save or
 * show: a ResponseSchemaError at `org_id` naming both ids.
 */
export function checkOrgId(endpoint: string, got: string, asked: string): void {
  if (got !== asked) {
    throw new ResponseSchemaError(endpoint, 'org_id', `the answer is for organization ${JSON.stringify(got)}, but ${JSON.stringify(asked)} was asked for`, 200);
  }
}

/**
 * An invoice answering for another id than the one asked for (a proxy's cache, a server bug) is
 * not the invoice asked for: saving it would file September's invoice under October's number.
 * A ResponseSchemaError at `id` naming both ids (ids are uuids, compared case-blind).
 */
export function checkInvoiceId(endpoint: string, got: string, asked: string): void {
  if (got.toLowerCase() !== asked.toLowerCase()) {
    throw new ResponseSchemaError(endpoint, 'id', `the answer is invoice ${JSON.stringify(got)}, but ${JSON.stringify(asked)} was asked for`, 200);
  }
}
