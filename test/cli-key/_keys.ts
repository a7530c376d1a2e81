import { readFileSync } from 'node:fs';

interface SampleKey {
  key_id: string;
  org_id: string | null;
  api_key: string;
  note: string;
}

const tokens = JSON.parse(readFileSync(new URL('../../samples/tokens.json', import.meta.url), 'utf8')) as { api_keys: SampleKey[] };

/** The sample API key whose note matches `pattern` (samples/tokens.json describes each key's situation). */
function keyWhere(pattern: RegExp): string {
  const k = tokens.api_keys.find((x) => pattern.test(x.note));
  if (!k) throw new Error(`samples/tokens.json has no API key whose note matches ${pattern}`);
  return k.api_key;
}

export const KEYS = {
  limited: keyWhere(/monthly spend limit .*not reached/),
  blocked: keyWhere(/^blocked/),
  devSeat: keyWhere(/dev seat holder/),
  deleted: keyWhere(/deleted key/),
  credits: keyWhere(/prepaid credits/),
  notShared: keyWhere(/usage not shared/),
  noOrg: keyWhere(/no organization/),
};
