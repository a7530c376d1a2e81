import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { ReportingClient, type ReportingClientOptions } from '../../client/index.js';
import { clientWarnings } from './client-warnings.js';
import { debugLogger, fromFlags } from './client-from-flags.js';

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
