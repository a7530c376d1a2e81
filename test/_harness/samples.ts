// The bundled samples (samples/) and the tokens and API keys in their tokens.json, read once per
// worker; readTokens reads those of another dataset (generated, or a copy a test edits).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled samples' folder, with a trailing slash. */
export const SAMPLES = fileURLToPath(new URL('../../samples/', import.meta.url));

export interface SampleKey {
  key_id: string;
  org_id: string | null;
  api_key: string;
  note: string;
}

/** A dataset's tokens.json: each organization's reporting token, the partner's, and (in the samples) the API keys. */
export interface SampleTokens {
  orgs: Array<{ org_id: string; token: string }>;
  partners: Array<{ org_id: string; token: string }>;
  api_keys?: SampleKey[];
}

/** samples/tokens.json. */
export const TOKENS = JSON.parse(readFileSync(join(SAMPLES, 'tokens.json'), 'utf8')) as Required<SampleTokens>;

/** The tokens.json of the dataset in `dataDir` (the bundled samples when not given). */
export async function readTokens(dataDir = SAMPLES): Promise<SampleTokens> {
  return JSON.parse(await readFile(join(dataDir, 'tokens.json'), 'utf8')) as SampleTokens;
}

/** The samples' reporting token of `orgId`. */
export function tokenOf(orgId: string): string {
  const t = TOKENS.orgs.find((o) => o.org_id === orgId)?.token;
  if (!t) throw new Error(`no token for ${orgId} in samples/tokens.json`);
  return t;
}

/** The samples' partner token. */
export const PARTNER_TOKEN = TOKENS.partners[0]!.token;
/** Every reporting and partner token of the samples (for "never in any output" checks). */
export const ALL_TOKENS = [...TOKENS.orgs.map((o) => o.token), PARTNER_TOKEN];

/** The samples' API key with id `keyId`. */
export function apiKey(keyId: string): string {
  const k = TOKENS.api_keys.find((x) => x.key_id === keyId);
  if (!k) throw new Error(`no API key ${keyId} in samples/tokens.json`);
  return k.api_key;
}

/** The sample API key whose note matches `pattern` (samples/tokens.json describes each key's situation). */
function keyWhere(pattern: RegExp): string {
  const k = TOKENS.api_keys.find((x) => pattern.test(x.note));
  if (!k) throw new Error(`samples/tokens.json has no API key whose note matches ${pattern}`);
  return k.api_key;
}

/** The samples' API keys by the situation each is in. */
export const KEYS = {
  limited: keyWhere(/monthly spend limit .*not reached/),
  blocked: keyWhere(/^blocked/),
  devSeat: keyWhere(/dev seat holder/),
  deleted: keyWhere(/deleted key/),
  credits: keyWhere(/prepaid credits/),
  notShared: keyWhere(/usage not shared/),
  noOrg: keyWhere(/no organization/),
};
