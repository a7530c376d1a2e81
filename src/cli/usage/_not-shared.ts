import { PermissionDeniedError } from '../../client/errors/index.js';

/** Is this failure "usage is not shared with the organization"? (403 on the activity endpoint) */
export function isNotShared(e: unknown): boolean {
  return e instanceof PermissionDeniedError && /not shared/i.test(e.message);
}
