/**
 * The hint of a 403 for a token used with another organization's id. The CLI recognises it and
 * names its own flag (`--org`) instead of the option.
 */
export const ORG_HINT = 'check that SVC_ORG_ID (or the orgId option) is the organization the token was created in';
