import { SvcError } from '../../core/svc-error.js';
/**
 * Base of every error the HTTP client throws. Its message is one line written for a user
 * (what went wrong and, in `hint`, what to do) and never contains a token or an API key.
 * Thrown only through its subclasses, or as itself for an HTTP status the spec does not list.
 */
export class ApiError extends SvcError {
  override readonly name: string = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or undefined when no response arrived (timeout, connection error). */
    readonly status: number | undefined,
    /** `METHOD /path` of the request, e.g. `GET /api/orgs/org-nordlys/key-usage`. */
    readonly endpoint: string,
    /** What the user can do about it. */
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
