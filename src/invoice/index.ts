// Placeholder so other parts compile against the renderer's signature while it is being built.
import type { Invoice } from '../model/index.js';

export interface RenderInvoiceOptions {
  /** Language of the document; defaults to the invoice's frozen `language`. Any installed locale. */
  language?: string;
  /** PNG or JPEG bytes shown in the header. */
  logo?: Uint8Array;
  /** Accent colour as `#rrggbb`. */
  accentColor?: string;
}

export interface InvoiceCheckFinding {
  /** Machine-readable kind, e.g. `provider_sum`, `subtotal`, `total`, `vat`, `line_total`. */
  code: string;
  /** One sentence naming the fields and the amounts. */
  message: string;
}

export async function renderInvoicePdf(_invoice: Invoice, _options?: RenderInvoiceOptions): Promise<Uint8Array> {
  throw new Error('renderInvoicePdf is not built yet');
}

export function checkInvoice(_invoice: Invoice): InvoiceCheckFinding[] {
  throw new Error('checkInvoice is not built yet');
}
