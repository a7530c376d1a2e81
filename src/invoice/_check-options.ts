import { unknownOption } from '../core/index.js';
import { InvalidRenderOptionError } from './options/invalid-render-option-error.js';
import type { RenderInvoiceOptions } from './options/options.js';

/** renderInvoicePdf's options: every key of RenderInvoiceOptions (the compiler holds the two to each other, so a new option is never refused). */
const RENDER_OPTIONS = Object.keys({ language: true, logo: true, accentColor: true, embedXml: true, findings: true } satisfies Record<keyof RenderInvoiceOptions, true>);

/**
 * Checks the kinds of renderInvoicePdf's options before anything is drawn: `renderInvoicePdf(inv,
 * 'en')` or a logo given as a file name is an InvalidRenderOptionError naming the option, not an
 * option silently ignored or a TypeError. Values are checked where they are used (the accent's
 * contrast, the logo's format and size, the language's locale file).
 */
export function checkRenderOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidRenderOptionError('options', 'must be an object of render options (language, logo, accentColor)');
  }
  const o = options as Record<string, unknown>;
  const unknown = unknownOption(o, RENDER_OPTIONS);
  if (unknown) throw new InvalidRenderOptionError(unknown.name, unknown.message);
  if (o.embedXml !== undefined && typeof o.embedXml !== 'boolean') throw new InvalidRenderOptionError('embedXml', 'must be true or false');
  if (o.language !== undefined && typeof o.language !== 'string') throw new InvalidRenderOptionError('language', 'must be a language code such as "da" or "en"');
  if (o.accentColor !== undefined && typeof o.accentColor !== 'string') throw new InvalidRenderOptionError('accentColor', 'must be a colour written #rrggbb');
  if (o.findings !== undefined && !Array.isArray(o.findings)) throw new InvalidRenderOptionError('findings', 'must be a list of invoice check findings');
  if (o.logo !== undefined && !(o.logo instanceof Uint8Array)) throw new InvalidRenderOptionError('logo', 'must be the bytes of a PNG or JPEG image (a Uint8Array or Buffer), not a file name');
}
