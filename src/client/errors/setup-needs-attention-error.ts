import { ApiError } from './common/api-error.js';

/** What every 409 means (spec §7), and what the reference server's plain 409 says word for word. */
const SETUP = "the organization's setup needs attention on the service's side";

/**
 * Thrown on HTTP 409: the organization's setup needs attention on the service's side (nothing to
 * fix locally). Where the service said more than that (which invoice cannot be printed as stored,
 * and why), its words follow, cleaned, so the person who contacts support can say what to fix.
 */
export class SetupNeedsAttentionError extends ApiError {
  override readonly name = 'SetupNeedsAttentionError';
  constructor(endpoint: string, said = '') {
    super(saysMore(said) ? `${SETUP}: the service says: ${said}` : SETUP, 409, endpoint, "contact the service's support; retrying will not help until they fix it");
  }
}

/** Whether the service's words say more than the sentence itself (whatever its case or closing full stop). */
function saysMore(said: string): boolean {
  return said !== '' && said.replace(/[.\s]+$/, '').toLowerCase() !== SETUP.toLowerCase();
}
