import type { OptionSpec } from '../_program/command.js';
import { timeoutOption } from '../_program/timeout.js';

// Apart from _clients.ts so a command's table of flags does not load the HTTP client: a bad
// flag value is refused before the client is imported.

/**
 * Flags every reporting command takes. Tokens are never flags (they would land in shell
 * history): they come only from SVC_REPORTING_TOKEN / SVC_PARTNER_TOKEN.
 */
export const reportingOptions: Record<string, OptionSpec> = {
  'base-url': { type: 'string', valueName: 'URL', description: 'reporting API base URL (default: SVC_BASE_URL)' },
  org: { type: 'string', valueName: 'ORG_ID', description: 'organization id (default: SVC_ORG_ID)' },
  ...timeoutOption,
};

/** Only `--base-url` (and `--timeout`): partner status needs no organization. */
export const partnerOptions: Record<string, OptionSpec> = { 'base-url': reportingOptions['base-url']!, ...timeoutOption };
