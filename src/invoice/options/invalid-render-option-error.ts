import { SvcError } from '../../core/index.js';
/**
 * Thrown by renderInvoicePdf when an option cannot be used: an accent colour that is not
 * `#rrggbb` or too light or mid-toned for legible text on it, a logo that is not a PNG or JPEG. `option` names it (`accentColor`, `logo`).
 */
export class InvalidRenderOptionError extends SvcError {
  override readonly name = 'InvalidRenderOptionError';
  constructor(readonly option: string, readonly reason: string) {
    super(`${option}: ${reason}`);
  }
}
