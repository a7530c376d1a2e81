import { ApiError } from './api-error.js';

/**
 * Thrown when a 2xx response is not what the spec promises: not JSON, or a field of the wrong
 * type or missing. `path` names the first bad field (e.g. `keys[0].spend_usd`).
 */
export class ResponseSchemaError extends ApiError {
  override readonly name = 'ResponseSchemaError';
  constructor(
    endpoint: string,
    readonly path: string,
    readonly reason: string,
    status: number,
  ) {
    super(
      `the response did not match the schema: field ${path}: ${reason}`,
      status,
      endpoint,
      'the service sent data this client does not understand; report it to the service',
    );
  }
}
