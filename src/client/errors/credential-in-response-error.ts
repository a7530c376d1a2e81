import { ApiError } from './common/api-error.js';

/**
 * Thrown when a successful answer holds the client's own credential (the token or API key it
 * sent): the service put it into its data, e.g. a key named with it or a field set to it. The
 * answer is refused before it is parsed, returned or printed, so no table, CSV, file or log shows
 * the credential; a streamed body (key usage, a PDF) fails with it before the bytes that complete
 * the credential are passed on. The message names the request and which credential it was, never
 * its value, and the answer's body is not kept on the error. Not retried: the service would send
 * the same answer again.
 */
export class CredentialInResponseError extends ApiError {
  override readonly name = 'CredentialInResponseError';
  constructor(
    endpoint: string,
    /** Which credential it was, e.g. "reporting token (SVC_REPORTING_TOKEN)", "API key". */
    readonly credential: string,
    status: number,
    /** e.g. "the gateway"; "the service" when omitted. */
    service = 'the service',
  ) {
    super(
      `${service}'s answer to ${endpoint} contained the ${credential} itself, so the answer was refused (nothing of it is shown or returned)`,
      status,
      endpoint,
      `treat the ${credential.replace(/\s*\(.*\)$/, '')} as exposed: create a new one, and ask the service why its answer holds it`,
    );
  }
}
