import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainText } from '../_output/sanitize.js';

interface SampleTokens {
  orgs?: Array<{ org_id: string; token: string }>;
  api_keys?: Array<{ key_id: string; org_id: string | null; api_key: string; note?: string }>;
}

/** At most this many sample keys are listed; the rest are named by count. */
const LISTED = 12;

/**
 * What `svc serve` prints under its URL to try it with: the dataset's sample API keys and
 * reporting tokens (`tokens.json`, made for this server and for nothing else) and the `export`
 * lines that point svc at the server. Undefined when the dataset has no tokens.json.
 */
export function serveTour(url: string, dataDir: string): string | undefined {
  let tokens: SampleTokens;
  try {
    tokens = JSON.parse(readFileSync(join(dataDir, 'tokens.json'), 'utf8')) as SampleTokens;
  } catch {
    return undefined;
  }
  const keys = tokens.api_keys ?? [];
  const org = tokens.orgs?.[0];
  const lines: string[] = [];
  if (keys.length) {
    const first = keys.find((k) => k.org_id !== null) ?? keys[0]!;
    lines.push(
      '',
      'Try the API-key commands against it:',
      `  export SVC_GATEWAY_URL=${url}`,
      `  export SVC_API_KEY=${first.api_key}   # ${plainText(first.key_id)}${first.note ? `: ${plainText(first.note)}` : ''}`,
      '  svc usage; svc models; svc auth status',
      'Its sample keys (each shows another case):',
      ...keys.slice(0, LISTED).map((k) => `  ${k.api_key}  ${plainText(k.key_id)}${k.note ? `: ${plainText(k.note)}` : ''}`),
    );
    if (keys.length > LISTED) lines.push(`  … and ${keys.length - LISTED} more in ${join(dataDir, 'tokens.json')}`);
  }
  if (org) {
    lines.push(
      '',
      'And the reporting commands:',
      `  export SVC_BASE_URL=${url} SVC_ORG_ID=${org.org_id} SVC_REPORTING_TOKEN=${org.token}`,
      '  svc invoices list; svc report keys',
    );
  }
  return lines.length ? `${lines.join('\n')}\n` : undefined;
}
