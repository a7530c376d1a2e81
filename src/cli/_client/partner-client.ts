import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { PartnerClient } from '../../client/index.js';
import { clientWarnings } from './client-warnings.js';
import { debugLogger, fromFlags } from './client-from-flags.js';

/** The partner client from `--base-url` and the environment (SVC_BASE_URL, SVC_PARTNER_TOKEN, SVC_TIMEOUT). */
export function partnerClientFrom(io: CommandIO, args: ParsedArgs): PartnerClient {
  const logger = debugLogger(io);
  const baseUrl = str(args, 'base-url');
  return fromFlags(args, () => new PartnerClient({ env: io.env, ...(baseUrl !== undefined ? { baseUrl } : {}), ...(logger ? { logger } : {}), onWarning: clientWarnings(io) }));
}
