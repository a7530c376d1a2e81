/**
 * Thrown by `svc auth login` while SVC_API_KEY is set: a saved key would not be used
 * (the environment wins), so saving one would only mislead.
 */
export class KeyInEnvironmentError extends Error {
  override readonly name = 'KeyInEnvironmentError';
  readonly hint = 'unset SVC_API_KEY (e.g. "unset SVC_API_KEY") and run "svc auth login" again';
  constructor() {
    super('SVC_API_KEY is set, and it takes precedence over saved keys; refusing to log in');
  }
}
