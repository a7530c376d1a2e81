import { SvcError } from '../../core/index.js';
/** Thrown when a command names a saved key (profile) that does not exist, or a pin points at one that was deleted. */
export class UnknownProfileError extends SvcError {
  override readonly name = 'UnknownProfileError';
  constructor(readonly profile: string, saved: string[], context = '') {
    const list = saved.length ? `saved: ${saved.join(', ')}` : 'no keys are saved; run "svc auth login"';
    super(`${context}no saved key named "${profile}" (${list})`);
  }
}
