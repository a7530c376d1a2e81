/** Thrown when a command needs an API key and there is none: no SVC_API_KEY, no pin, no default. */
export class NoKeyError extends Error {
  override readonly name = 'NoKeyError';
  readonly hint = 'run "svc auth login", or set SVC_API_KEY';
  constructor() {
    super('no API key to use');
  }
}
