/** Thrown when the npm registry cannot say which release is the latest (network, status, or record). */
export class UpdateCheckError extends Error {
  override readonly name = 'UpdateCheckError';
}
