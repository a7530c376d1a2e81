/**
 * Thrown by a reference-server handler to answer with an error status and a JSON body
 * `{"error": code, "message": message}` (spec §7; body shape in README Assumptions).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
