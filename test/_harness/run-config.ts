// Run configs (runs.json) for `svc month-end`, `svc worker` and the runner, with the environment
// holding the tokens they name.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunConfig } from '../../src/runner/config/config.js';
import { tokenOf, type SampleTokens } from './samples.js';

/** The environment variable a config from `configFor` names for `orgId`'s token. */
export function envVar(orgId: string): string {
  return `TEST_TOKEN_${orgId.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** A run config for every organization of a dataset, and the environment holding their tokens. */
export function configFor(baseUrl: string, tokens: SampleTokens, withPartner = false): { config: RunConfig; env: Record<string, string> } {
  const env: Record<string, string> = {};
  const organizations = tokens.orgs.map(({ org_id, token }) => {
    env[envVar(org_id)] = token;
    return { org_id, name: `Name of ${org_id}`, token_env: envVar(org_id) };
  });
  const partner = tokens.partners[0];
  if (withPartner && partner) env.TEST_PARTNER_TOKEN = partner.token;
  return { config: { base_url: baseUrl, organizations, ...(withPartner ? { partner: { token_env: 'TEST_PARTNER_TOKEN' } } : {}) }, env };
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
