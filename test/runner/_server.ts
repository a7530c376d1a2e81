import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_SAMPLES_DIR } from '../../src/server/index.js';
import type { RunConfig } from '../../src/runner/config/config.js';

export interface SampleTokens {
  orgs: Array<{ org_id: string; token: string }>;
  partners: Array<{ org_id: string; token: string }>;
}

export async function readTokens(dataDir = BUNDLED_SAMPLES_DIR): Promise<SampleTokens> {
  return JSON.parse(await readFile(join(dataDir, 'tokens.json'), 'utf8')) as SampleTokens;
}

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

/** A copy of the bundled samples in `dir`, to change for one test. */
export async function copySamples(dir: string): Promise<string> {
  await cp(BUNDLED_SAMPLES_DIR, dir, { recursive: true });
  return dir;
}
