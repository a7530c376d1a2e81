import { SvcError } from '../core/svc-error.js';
/**
 * Thrown by renderInvoicePdf when an option cannot be used: an accent colour that is not
 * `#rrggbb`, a logo that is not a PNG or JPEG. `option` names it (`accentColor`, `logo`).
 */
export class InvalidRenderOptionError extends SvcError {
  override readonly name = 'InvalidRenderOptionError';
  constructor(readonly option: string, reason: string) {
    super(`${option}: ${reason}`);
  }
}
