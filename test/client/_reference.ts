import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, BUNDLED_SAMPLES_DIR, type ReferenceServer } from '../../src/server/index.js';
import { ReportingClient, type ReportingClientOptions } from '../../src/client/reporting-client.js';
import { PartnerClient } from '../../src/client/partner-client.js';

interface Tokens {
  orgs: Array<{ org_id: string; token: string }>;
  partners: Array<{ org_id: string; token: string }>;
}

export const TOKENS: Tokens = JSON.parse(readFileSync(join(BUNDLED_SAMPLES_DIR, 'tokens.json'), 'utf8')) as Tokens;

export function tokenOf(orgId: string): string {
  const t = TOKENS.orgs.find((o) => o.org_id === orgId)?.token;
  if (!t) throw new Error(`no token for ${orgId} in samples/tokens.json`);
  return t;
}

export const PARTNER_TOKEN = TOKENS.partners[0]!.token;
export const ALL_TOKENS = [...TOKENS.orgs.map((o) => o.token), PARTNER_TOKEN];

/** Fast retries so failing cases do not wait. */
export const FAST = { retry: { initialDelayMs: 1, maxDelayMs: 5 } };

export function reporting(server: ReferenceServer, orgId: string, extra: ReportingClientOptions = {}): ReportingClient {
  return new ReportingClient({ baseUrl: server.url, orgId, token: tokenOf(orgId), env: {}, ...FAST, ...extra });
}

export function partner(server: ReferenceServer, token = PARTNER_TOKEN): PartnerClient {
  return new PartnerClient({ baseUrl: server.url, token, env: {}, ...FAST });
}

export function startSamples(extra: Parameters<typeof startReferenceServer>[0] = {}): Promise<ReferenceServer> {
  return startReferenceServer({ ...extra });
}

/** A copy of the bundled samples with some organizations' sharing flags changed. */
export function samplesWithShares(changes: Record<string, Partial<Record<'invoices' | 'usage' | 'subscription', boolean>>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-client-samples-'));
  cpSync(BUNDLED_SAMPLES_DIR, dir, { recursive: true });
  for (const [orgId, shares] of Object.entries(changes)) {
    const file = join(dir, 'orgs', orgId, 'org.json');
    const org = JSON.parse(readFileSync(file, 'utf8')) as { shares: Record<string, boolean> };
    Object.assign(org.shares, shares);
    writeFileSync(file, JSON.stringify(org, null, 2));
  }
  return dir;
}

/**
 * `runs.json` in `dir` for a month end of Nordlys and Fjordline against `baseUrl`, and the
 * environment holding their tokens (NORDLYS_TOKEN, FJORDLINE_TOKEN).
 */
export function nordlysAndFjordlineRun(dir: string, baseUrl: string): { cfg: string; env: Record<string, string> } {
  const cfg = join(dir, 'runs.json');
  writeFileSync(cfg, JSON.stringify({
    base_url: baseUrl,
    organizations: [
      { org_id: 'org-nordlys', name: 'Nordlys', token_env: 'NORDLYS_TOKEN' },
      { org_id: 'org-fjordline', name: 'Fjordline', token_env: 'FJORDLINE_TOKEN' },
    ],
  }));
  return { cfg, env: { NORDLYS_TOKEN: tokenOf('org-nordlys'), FJORDLINE_TOKEN: tokenOf('org-fjordline') } };
}
