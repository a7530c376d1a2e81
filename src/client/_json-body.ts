import { jsonProblem } from '../core/json/index.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';

/** A response body as JSON; a body that is not JSON is a ResponseSchemaError at `$`. */
export function parseJsonBody(body: string, endpoint: string, status: number, service: string): unknown {
  try {
    return JSON.parse(body);
  } catch (e) {
    // In our words: the parser's own message quotes the body (binary bytes, a server's escapes).
    throw new ResponseSchemaError(endpoint, '$', jsonProblem(body, e), status, service);
  }
}
