// client/errors: what a request fails with (one class per kind of failure), and the words a message adds
// (ORG_HINT, withStatus). Loads no HTTP client: a command's messages read it. The answer-to-error mapping
// (from-response.ts) is the pipeline's own.
export { ApiError } from './common/api-error.js';
export { BadRequestError } from './bad-request-error.js';
export { AuthenticationError } from './authentication-error.js';
export { PermissionDeniedError } from './common/permission-denied-error.js';
export { NotFoundError } from './common/not-found-error.js';
export { SetupNeedsAttentionError } from './setup-needs-attention-error.js';
export { EdgeRejectedError } from './edge-rejected-error.js';
export { RateLimitError } from './rate-limit-error.js';
export { ServerError } from './server-error.js';
export { RedirectError, type RedirectTarget } from './redirect-error.js';
export { TimeoutError } from './common/timeout-error.js';
export { ConnectionError } from './connection-error.js';
export { ResponseSchemaError } from './response-schema-error.js';
export { ConfigurationError } from './common/configuration-error.js';
export { InvalidRequestError } from './invalid-request-error.js';
export { ResponseTooLargeError } from './response-too-large-error.js';
export { CredentialInResponseError } from './credential-in-response-error.js';
export { isApiError } from './is-api-error.js';
export { ORG_HINT } from './common/org-hint.js';
export { statusFirst, withStatus } from './with-status.js';
