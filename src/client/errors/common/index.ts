// client/errors/common: the failures a command's message tells apart (any API error, a bad setup, not
// found, permission denied, a timeout) and ORG_HINT; without the other kinds. cli/'s error messages read it.
export { ApiError } from './api-error.js';
export { ConfigurationError } from './configuration-error.js';
export { NotFoundError } from './not-found-error.js';
export { PermissionDeniedError } from './permission-denied-error.js';
export { TimeoutError } from './timeout-error.js';
export { ORG_HINT } from './org-hint.js';
