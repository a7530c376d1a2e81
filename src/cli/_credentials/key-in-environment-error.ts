import { SvcError } from '../../core/index.js';
/**
 * Thrown by `svc auth login` (without `--profile`) while SVC_API_KEY is set: a saved default
 * key would not be used (the environment wins), so saving it would only mislead. A named
 * profile is saved, with a warning.
 */
export class KeyInEnvironmentError extends SvcError {
  override readonly name = 'KeyInEnvironmentError';
  readonly hint = 'run "unset SVC_API_KEY", then "svc auth login" again; or save it under a name with --profile NAME';
  constructor() {
    super('SVC_API_KEY is set and would be used instead of a saved key, so nothing is saved');
  }
}
