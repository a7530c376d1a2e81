import { ORG_HINT } from './common/org-hint.js';
import type { DeniedKind } from './common/permission-denied-error.js';

/** What a 403 means, from the service's error code or, failing that, its message text. */
export interface ForbiddenReason {
  message: string;
  hint?: string;
  /** Which kind of refusal (PermissionDeniedError.kind). */
  kind: DeniedKind;
}

const BY_CODE: Record<string, ForbiddenReason> = {
  usage_not_shared: {
    kind: 'not_shared',
    message: 'usage is not shared with this organization',
    hint: 'ask the service to share usage with the organization',
  },
  invoices_not_shared: {
    kind: 'not_shared',
    message: 'invoices are not shared with this organization',
    hint: 'ask the service to share invoices with the organization',
  },
  subscription_not_shared: {
    kind: 'not_shared',
    message: 'the subscription is not shared with this organization',
    hint: 'ask the service to share the subscription with the organization',
  },
  other_organization: { kind: 'wrong_token', message: 'this token belongs to another organization', hint: ORG_HINT },
  wrong_organization: { kind: 'wrong_token', message: 'this token belongs to another organization', hint: ORG_HINT },
  not_partner: {
    kind: 'wrong_token',
    message: 'this token is not a partner token',
    hint: 'set SVC_PARTNER_TOKEN to a token from the dashboard (Partner › API tokens)',
  },
  partner_token: {
    kind: 'wrong_token',
    message: 'a partner token opens only partner status',
    hint: 'set SVC_REPORTING_TOKEN to a reporting token from the dashboard (Organization › API tokens)',
  },
  no_organization: { kind: 'no_organization', message: 'the API key belongs to no organization' },
};

/** Maps the service's 403 body (code and message) to a user-facing reason; undefined when it says nothing known. */
export function forbiddenReason(code: string | undefined, text: string): ForbiddenReason | undefined {
  if (code) {
    const known = BY_CODE[code] ?? BY_CODE[code.replace(/^not_a_/, 'not_')];
    if (known) return known;
  }
  const t = text.toLowerCase();
  if (/another organi[sz]ation|other organi[sz]ation/.test(t)) return BY_CODE.other_organization;
  if (/not shared/.test(t)) {
    if (t.includes('usage')) return BY_CODE.usage_not_shared;
    if (t.includes('invoice')) return BY_CODE.invoices_not_shared;
    if (t.includes('subscription')) return BY_CODE.subscription_not_shared;
  }
  if (/not a partner/.test(t)) return BY_CODE.not_partner;
  if (/partner token/.test(t)) return BY_CODE.partner_token;
  return undefined;
}
