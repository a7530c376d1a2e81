import { ApiError } from './common/api-error.js';
import type { BodyKind } from '../limits/body-limits.js';

/**
 * Thrown when a response body is larger than the client allows for its kind of endpoint
 * (`maxResponseBytes`): announced by its `content-length` (nothing is read then) or found while
 * reading (reading stops there). A body that large is not real data, and reading it whole
 * would hold it in memory. Not retried.
 */
export class ResponseTooLargeError extends ApiError {
  override readonly name = 'ResponseTooLargeError';
  constructor(
    endpoint: string,
    status: number,
    readonly kind: BodyKind,
    readonly limitBytes: number,
  ) {
    super(
      `the answer is larger than the ${mib(limitBytes)} allowed for ${kind === 'keyUsage' ? 'key usage' : kind === 'pdf' ? 'a PDF' : 'a record'}`,
      status,
      endpoint,
      `if the data really is this large, raise the client option maxResponseBytes.${kind}`,
    );
  }
}

function mib(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
