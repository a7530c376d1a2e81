import type { CommandIO, OptionSpec, ParsedArgs } from './_command.js';
import { str } from './_args.js';
import { ReportingClient, type ReportingClientOptions } from '../client/reporting-client.js';
import { PartnerClient } from '../client/partner-client.js';

/**
 * Flags every reporting command takes. Tokens are never flags (they would land in shell
 * history): they come only from SVC_REPORTING_TOKEN / SVC_PARTNER_TOKEN.
 */
export const reportingOptions: Record<string, OptionSpec> = {
  'base-url': { type: 'string', valueName: 'URL', description: 'reporting API base URL (default: SVC_BASE_URL)' },
  org: { type: 'string', valueName: 'ORG_ID', description: 'organization id (default: SVC_ORG_ID)' },
};

/** Only `--base-url`: partner status needs no organization. */
export const partnerOptions: Record<string, OptionSpec> = { 'base-url': reportingOptions['base-url']! };

/** One line per request on stderr (tokens masked) when SVC_DEBUG is set. */
function debugLogger(io: CommandIO): ((line: string) => void) | undefined {
  return io.env.SVC_DEBUG ? (line: string) => io.stderr.write(`${line}\n`) : undefined;
}

/** The reporting client from `--base-url`/`--org` and the environment (SVC_BASE_URL, SVC_REPORTING_TOKEN, SVC_ORG_ID). */
export function reportingClientFrom(io: CommandIO, args: ParsedArgs, extra: ReportingClientOptions = {}): ReportingClient {
  const logger = debugLogger(io);
  const baseUrl = str(args, 'base-url');
  const orgId = str(args, 'org');
  return new ReportingClient({
    env: io.env,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(orgId !== undefined ? { orgId } : {}),
    ...(logger ? { logger } : {}),
    ...extra,
  });
}

/** The partner client from `--base-url` and the environment (SVC_BASE_URL, SVC_PARTNER_TOKEN). */
export function partnerClientFrom(io: CommandIO, args: ParsedArgs): PartnerClient {
  const logger = debugLogger(io);
  const baseUrl = str(args, 'base-url');
  return new PartnerClient({ env: io.env, ...(baseUrl !== undefined ? { baseUrl } : {}), ...(logger ? { logger } : {}) });
}
