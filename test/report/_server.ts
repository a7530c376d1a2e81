// The reference server over the bundled samples, and `svc` run in-process against it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { rootGroup } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/run.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { BUNDLED_SAMPLES_DIR, type ReferenceServer } from '../../src/server/index.js';

interface Tokens {
  orgs: Array<{ org_id: string; token: string }>;
  partners: Array<{ org_id: string; token: string }>;
}

export const TOKENS = JSON.parse(readFileSync(join(BUNDLED_SAMPLES_DIR, 'tokens.json'), 'utf8')) as Tokens;
export const tokenOf = (orgId: string) => TOKENS.orgs.find((o) => o.org_id === orgId)!.token;
export const PARTNER_TOKEN = TOKENS.partners[0]!.token;

export function client(server: ReferenceServer, orgId: string): ReportingClient {
  return new ReportingClient({ baseUrl: server.url, orgId, token: tokenOf(orgId), env: {} });
}

export function orgEnv(server: ReferenceServer, orgId: string): Record<string, string> {
  return { SVC_BASE_URL: server.url, SVC_ORG_ID: orgId, SVC_REPORTING_TOKEN: tokenOf(orgId), NO_COLOR: '1' };
}

export function partnerEnv(server: ReferenceServer): Record<string, string> {
  return { SVC_BASE_URL: server.url, SVC_PARTNER_TOKEN: PARTNER_TOKEN, NO_COLOR: '1' };
}

/** `svc argv` in-process; output into a pipe, or with `columns` to a terminal that wide. */
export async function svc(argv: string[], env: Record<string, string>, cwd: string, columns?: number): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  if (columns !== undefined) Object.assign(out, { isTTY: true, columns });
  const err = new PassThrough().on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await runCli(rootGroup, argv, { stdin: new PassThrough(), stdout: out, stderr: err, env, cwd });
  return { code, stdout, stderr };
}
