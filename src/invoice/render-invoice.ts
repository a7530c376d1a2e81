import type { Invoice, InvoiceJson } from '../model/index.js';
import { invoiceRecord } from './invoice-record.js';
import { getLocale } from '../locale/index.js';
import { defaultFonts } from './font/fonts.js';
import { FontFace } from './pdf/font-face.js';
import { PageContent } from './pdf/content.js';
import { writePdf } from './pdf/pdf-writer.js';
import { embedLogo, type LogoImage } from './pdf/logo-image.js';
import { DEFAULT_ACCENT, PAGE, accentInk } from './_theme.js';
import type { Ink } from './_ink.js';
import { invoiceWords } from './_words.js';
import { ROW, tableRows } from './_rows.js';
import { paginate } from './_paginate.js';
import { drawContinuationHeader, drawFirstHeader } from './_draw-header.js';
import { TABLE_HEADER_HEIGHT, drawRows, drawTableHeader } from './_draw-table.js';
import { closingHeight, drawClosing } from './_draw-closing.js';
import { drawFooter, drawVoidStamp } from './_draw-page-furniture.js';
import { InvalidRenderOptionError } from './invalid-render-option-error.js';
import type { RenderInvoiceOptions } from './options.js';
import { checkRenderOptions } from './_check-options.js';

/** Height of a continuation page's header, from the top margin to the table. */
const CONTINUATION_HEADER = 32;
const STAMP_OPACITY = 0.16;

async function loadLogo(logo: Uint8Array | undefined): Promise<LogoImage | undefined> {
  if (!logo) return undefined;
  try {
    return await embedLogo(logo);
  } catch (e) {
    const reason = (e as Error).message;
    throw new InvalidRenderOptionError('logo', /PNG or JPEG|a logo may have/.test(reason) ? reason : `not a readable PNG or JPEG image (${reason})`);
  }
}

/**
 * Renders an invoice (the API's JSON or a parsed record) as an A4 PDF in its own language (or
 * `options.language`). Pure: the same invoice and options give the same bytes; dates come from
 * the invoice. Totals are printed from the invoice's own fields; use checkInvoice to see whether
 * they reconcile and whether the VAT treatment holds.
 * @throws SchemaError naming the field of a malformed record, UnknownLanguageError, InvalidRenderOptionError
 */
export async function renderInvoicePdf(input: Invoice | InvoiceJson, options: RenderInvoiceOptions = {}): Promise<Uint8Array> {
  checkRenderOptions(options);
  const invoice = invoiceRecord(input);
  const locale = getLocale(options.language ?? invoice.language);
  const accent = accentInk(options.accentColor ?? DEFAULT_ACCENT);
  const logo = await loadLogo(options.logo);
  const fonts = defaultFonts();
  const ink: Ink = { regular: new FontFace(fonts.regular, 'F1'), bold: new FontFace(fonts.bold, 'F2'), ...accent, ...(logo ? { logo } : {}) };
  const words = invoiceWords(invoice, locale);

  const first = new PageContent();
  const firstTableTop = drawFirstHeader(first, ink, words);
  const bodyBottom = PAGE.bottom;
  const laterTableTop = PAGE.top - CONTINUATION_HEADER;
  const capacity = (i: number): number => (i === 0 ? firstTableTop : laterTableTop) - TABLE_HEADER_HEIGHT - bodyBottom;
  const closing = closingHeight(ink, words);
  // A row fragment fits on the first page, and on a later page together with the totals: then the totals never stand alone.
  const rows = tableRows(invoice.lines, words, ink, Math.min(capacity(0), capacity(1) - closing) - ROW.ruleGap);
  const pageRows = paginate(rows, capacity, closing);

  const pages = pageRows.map((_, i) => (i === 0 ? first : new PageContent()));
  pageRows.forEach((rowsOnPage, i) => {
    const page = pages[i]!;
    const top = i === 0 ? firstTableTop : drawContinuationHeader(page, ink, words);
    let y = top;
    if (rowsOnPage.length || i === 0) y = drawRows(page, ink, rowsOnPage, drawTableHeader(page, ink, words, top));
    if (i === pages.length - 1) drawClosing(page, ink, words, y);
    drawFooter(page, ink, words, i, pages.length);
    if (words.voidMark) drawVoidStamp(page, ink, words.voidMark);
  });

  return writePdf(pages, [ink.regular, ink.bold], {
    title: `${words.title} ${invoice.invoice_number}`,
    author: invoice.seller.legal_name,
    subject: `${words.title} ${invoice.invoice_number} – ${invoice.buyer.legal_name}`,
    language: locale.code,
    date: new Date(invoice.issued_at),
  }, { ...(logo ? { image: logo } : {}), ...(words.voidMark ? { stampOpacity: STAMP_OPACITY } : {}) });
}
