import { SvcError } from '../../core/svc-error.js';
/**
 * Thrown by `svc auth login` while SVC_API_KEY is set: a saved key would not be used
 * (the environment wins), so saving one would only mislead.
 */
export class KeyInEnvironmentError extends SvcError {
  override readonly name = 'KeyInEnvironmentError';
  readonly hint = 'run "unset SVC_API_KEY", then "svc auth login" again';
  constructor() {
    super('SVC_API_KEY is set and would be used instead of a saved key, so nothing is saved');
  }
}
