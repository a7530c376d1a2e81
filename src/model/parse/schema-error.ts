import { SvcError } from '../../core/index.js';
/**
 * Thrown when a record does not match its schema: a malformed invoice file, or an API
 * response that is not what the spec promises. `path` names the first bad field
 * (e.g. `lines[3].quantity`), so the message tells the user exactly what to fix.
 */
export class SchemaError extends SvcError {
  override readonly name = 'SchemaError';
  constructor(
    /** What was being read, e.g. "invoice" or "GET /api/orgs/{org_id}/key-usage response". */
    readonly what: string,
    /** Path of the first bad field, `$` for the record itself. */
    readonly path: string,
    /** Why that field is bad. */
    readonly reason: string,
    /** Further problems after the first, for callers that want them all. */
    readonly more: ReadonlyArray<{ path: string; reason: string }> = [],
  ) {
    super(`${what}: field ${path}: ${reason}`);
  }
}
