import type { CommandIO, ParsedArgs } from './_command.js';
import { str } from './_args.js';
import { ReportingClient, type ReportingClientOptions } from '../client/reporting-client.js';
import { PartnerClient } from '../client/partner-client.js';
import { ConfigurationError } from '../client/errors/configuration-error.js';
import { UsageError } from './usage-error.js';
import { clientWarnings } from './_client-warnings.js';

/** One line per request on stderr (tokens masked) when SVC_DEBUG is set. */
function debugLogger(io: CommandIO): ((line: string) => void) | undefined {
  return io.env.SVC_DEBUG ? (line: string) => io.stderr.write(`${line}\n`) : undefined;
}

/**
 * A client made from flags and the environment; a bad `--base-url` or `--org` (a flag value, not
 * the environment) is a UsageError naming the flag, so it exits 2 like every bad flag value.
 */
function fromFlags<T>(args: ParsedArgs, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof ConfigurationError) {
      const flag = e.setting === 'SVC_BASE_URL' || e.setting === 'baseUrl' ? 'base-url' : e.setting === 'SVC_ORG_ID' ? 'org' : undefined;
      if (flag !== undefined && str(args, flag) !== undefined) throw new UsageError(`--${flag}: ${e.message}`);
    }
    throw e;
  }
}

/** The reporting client from `--base-url`/`--org` and the environment (SVC_BASE_URL, SVC_REPORTING_TOKEN, SVC_ORG_ID, SVC_TIMEOUT). */
export function reportingClientFrom(io: CommandIO, args: ParsedArgs, extra: ReportingClientOptions = {}): ReportingClient {
  const logger = debugLogger(io);
  const baseUrl = str(args, 'base-url');
  const orgId = str(args, 'org');
  return fromFlags(args, () => new ReportingClient({
    env: io.env,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(orgId !== undefined ? { orgId } : {}),
    ...(logger ? { logger } : {}),
    onWarning: clientWarnings(io),
    ...extra,
  }));
}

/** The partner client from `--base-url` and the environment (SVC_BASE_URL, SVC_PARTNER_TOKEN, SVC_TIMEOUT). */
export function partnerClientFrom(io: CommandIO, args: ParsedArgs): PartnerClient {
  const logger = debugLogger(io);
  const baseUrl = str(args, 'base-url');
  return fromFlags(args, () => new PartnerClient({ env: io.env, ...(baseUrl !== undefined ? { baseUrl } : {}), ...(logger ? { logger } : {}), onWarning: clientWarnings(io) }));
}
