import { SvcError } from '../../core/index.js';
/** Thrown when a command needs an API key and there is none: no SVC_API_KEY, no pin, no default. */
export class NoKeyError extends SvcError {
  override readonly name = 'NoKeyError';
  readonly hint: string;
  /** `saved`: names of saved keys, none of which is the default. */
  constructor(saved: string[] = []) {
    super(saved.length ? 'no default key is chosen, and this folder is not pinned' : 'no API key to use');
    this.hint = saved.length
      ? `saved: ${saved.join(', ')}; choose one with "svc auth use <name>", or set SVC_API_KEY`
      : 'run "svc auth login", or set SVC_API_KEY';
  }
}
