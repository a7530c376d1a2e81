import type { IncomingMessage } from 'node:http';
import type { Dataset, OrgData } from '../dataset/dataset.js';
import type { RawKey } from '../dataset/_schema.js';
import { rowRange } from '../dataset/usage-table.js';
import { HttpError } from '../http-error.js';
import { bearer } from '../_http.js';
import { monthStart } from '../_days.js';
import { parseMicro } from '../_micro.js';

export interface CallingKey {
  keyId: string;
  apiKey: string;
  /** Absent for a key that belongs to no organization. */
  org?: OrgData;
  key?: RawKey;
  keyIndex: number;
}

/** The calling API key: 401 when missing, unknown or deleted (revoked). */
export async function callingKey(ds: Dataset, req: IncomingMessage): Promise<CallingKey> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'missing API key (Authorization: Bearer <API_KEY>)');
  const entry = ds.tokens.api_keys.find((k) => k.api_key === token);
  if (!entry) throw new HttpError(401, 'unauthorized', 'unknown, expired or blocked API key');
  if (entry.org_id === null) return { keyId: entry.key_id, apiKey: token, keyIndex: -1 };
  const org = await ds.org(entry.org_id);
  const keyIndex = org?.keyIndex.get(entry.key_id);
  const key = keyIndex === undefined ? undefined : org!.raw.keys[keyIndex];
  const deleted = keyIndex !== undefined && org!.deletedDay[keyIndex]! <= ds.today;
  if (!org || !key || deleted) throw new HttpError(401, 'unauthorized', 'unknown, expired or blocked API key');
  return { keyId: entry.key_id, apiKey: token, org, key, keyIndex: keyIndex! };
}

/** The key's usage this calendar month up to today, from the same raw rows as the reporting side. */
export async function monthToDate(ds: Dataset, k: CallingKey) {
  const out = { spendMicro: 0, prompt: 0, completion: 0, cacheRead: 0 };
  if (!k.org) return out;
  const t = await ds.usage(k.org);
  const [from, to] = rowRange(t, monthStart(ds.today), ds.today);
  for (let r = from; r < to; r++) {
    if (t.key[r] !== k.keyIndex) continue;
    out.spendMicro += t.spendMicro[r]!;
    out.prompt += t.prompt[r]!;
    out.completion += t.completion[r]!;
    out.cacheRead += t.cacheRead[r]!;
  }
  return out;
}

/** Blocked: the key has a monthly spend limit and this month's spend has reached it (gateway spec §3). */
export async function isBlocked(ds: Dataset, k: CallingKey): Promise<boolean> {
  if (!k.key?.monthly_limit_usd) return false;
  return (await monthToDate(ds, k)).spendMicro >= parseMicro(k.key.monthly_limit_usd)!;
}

/** For the key lookup and search: 401 blocked, 403 no organization. */
export async function requireUsableKey(ds: Dataset, req: IncomingMessage): Promise<CallingKey & { org: OrgData; key: RawKey }> {
  const k = await callingKey(ds, req);
  if (k.org && (await isBlocked(ds, k))) throw new HttpError(401, 'key_blocked', "the key's monthly spend limit is reached; it works again next month");
  if (!k.org || !k.key) throw new HttpError(403, 'no_organization', 'the key belongs to no organization');
  return k as CallingKey & { org: OrgData; key: RawKey };
}
