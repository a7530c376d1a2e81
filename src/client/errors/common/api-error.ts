import { SvcError } from '../../../core/index.js';
/**
 * Base of every error the HTTP client throws. Its message is one line written for a user
 * (what went wrong and, in `hint`, what to do) and never contains a token or an API key.
 * Thrown only through its subclasses, or as itself for an HTTP status the spec does not list.
 * When the service answered, the error also keeps what it sent: `status`, `code` (the service's
 * own error code), `body` (cleaned), `headers` and `requestId`, for logs, for deciding in code
 * (`e.code === 'usage_not_shared'`) and for asking the service's support about this one request.
 */
export class ApiError extends SvcError {
  override readonly name: string = 'ApiError';
  /**
   * The service's error code from the answer's JSON body: its `error` field when that is a
   * string (`usage_not_shared`, `forbidden`, `invalid_period`, …), or `error.code` (else
   * `error.type`) when `error` is an object, as LiteLLM sends; undefined when no answer arrived
   * or its body names no code. The codes are the service's, not a closed list.
   */
  readonly code: string | undefined = undefined;
  /** The answer's body as sent, at most 16 KiB, tokens replaced by `***`, control characters escaped. */
  readonly body: string | undefined = undefined;
  /** The answer's headers (lower-case names; `set-cookie` left out), cleaned like `body`. */
  readonly headers: Readonly<Record<string, string>> | undefined = undefined;
  /** The service's id of the request (`x-request-id`, `request-id` or `cf-ray`), when it sent one. */
  readonly requestId: string | undefined = undefined;
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
