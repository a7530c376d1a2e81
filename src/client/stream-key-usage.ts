import { JSONParser } from '@streamparser/json';
import { KeyUsageEntrySchema, OrgKeyUsageSchema, type KeyUsageEntry, type OrgKeyUsage } from '../model/key-usage.js';
import { parseRecord } from '../model/parse.js';
import { SchemaError } from '../model/schema-error.js';
import type { CallOptions, KeyUsagePeriod } from './api.js';
import { ConnectionError } from './errors/connection-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { checkKeyUsagePeriod } from './period.js';
import type { ReportingClient } from './reporting-client.js';

/** The members of OrgKeyUsage beside `keys`. */
const HEAD_MEMBERS = ['org_id', 'start_date', 'end_date', 'key_fields', 'totals'] as const;

/** Key usage without its keys: what is left once every key has been handed to `onKey`. */
export type KeyUsageHead = Omit<OrgKeyUsage, 'keys'> & { keys: [] };

/**
 * Key usage for a month, a year or the trailing months, read as a stream: each key entry is
 * checked against the spec's schema and handed to `onKey` as soon as it is parsed, then
 * dropped, so a response with 100,000 keys is never held whole (neither its text nor its
 * parsed record). Returns the rest of the record, checked too, with `keys` empty.
 * A start/end range is not offered here (`getKeyUsage` splits and merges those).
 * @throws ResponseSchemaError naming the first bad field (e.g. `keys[12].spend_usd`).
 */
export async function streamKeyUsage(
  client: ReportingClient,
  period: KeyUsagePeriod,
  onKey: (key: KeyUsageEntry, index: number) => void,
  opts?: CallOptions,
): Promise<KeyUsageHead> {
  const checked = checkKeyUsagePeriod(period);
  if (checked.kind === 'range') throw new TypeError('streamKeyUsage takes a month, a year or months, not a start/end range');
  const path = `/api/orgs/${encodeURIComponent(client.orgId)}/key-usage`;
  const endpoint = client.http.endpointOf({ path });
  const body = await client.http.request({
    path,
    query: checked.query,
    what: 'key usage',
    responseType: 'stream',
    accept: 'application/json',
    forbidden: 'usage is not shared with this organization, or the token belongs to another organization',
    ...opts,
  });
  const bad = (p: string, reason: string) => new ResponseSchemaError(endpoint, p, reason, 200);
  let index = 0;
  // The record's other members, collected as they are parsed (small next to the keys).
  const root: Record<string, unknown> = {};
  let seenKeys = false;
  // Set inside the parser's callback and thrown after `write`: the parser may swallow a throw.
  let failure: Error | undefined;
  // Not `$` (the parser would keep every key for it) but the members one by one. `$.keys` is
  // emitted only to see that it is there: each key's slot is emptied once the key is handed over.
  // Buffered strings and numbers: the default (unbuffered) parser took almost three times as long.
  const paths = ['$.keys.*', '$.keys', ...HEAD_MEMBERS.map((m) => `$.${m}`)];
  const parser = new JSONParser({ paths, keepStack: false, stringBufferSize: 65_536, numberBufferSize: 64 });
  parser.onValue = ({ value, key, parent, stack }) => {
    if (failure) return;
    if (stack.length === 1) {
      if (key === 'keys') seenKeys = Array.isArray(value);
      else root[String(key)] = value;
      return;
    }
    if (Array.isArray(parent)) (parent as unknown[])[key as number] = undefined;
    try {
      onKey(parseRecord(KeyUsageEntrySchema, value, 'key usage'), index++);
    } catch (e) {
      failure = e instanceof SchemaError ? bad(e.path === '$' ? `keys[${index}]` : `keys[${index}].${e.path}`, e.reason) : (e as Error);
    }
  };
  const feed = (write: () => void) => {
    try {
      write();
    } catch (e) {
      // The parser's own errors (bad or cut-off JSON) carry no system error code.
      failure ??= bad('$', `not valid JSON (${(e as Error).message})`);
    }
  };
  try {
    for await (const chunk of body) {
      feed(() => parser.write(chunk as Uint8Array));
      if (failure) break;
    }
    if (!failure && !parser.isEnded) feed(() => parser.end());
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    failure ??= new ConnectionError(endpoint, client.http.baseUrl.origin, typeof code === 'string' ? code : undefined);
  }
  if (failure) {
    body.destroy();
    throw failure;
  }
  if (!seenKeys) throw bad('keys', 'missing (expected array)');
  try {
    // The keys were checked one by one above; the rest is checked with an empty key list.
    const head = parseRecord(OrgKeyUsageSchema, { ...root, keys: [] }, 'key usage');
    return { ...head, keys: [] };
  } catch (e) {
    if (e instanceof SchemaError) throw bad(e.path, e.reason);
    throw e;
  }
}
