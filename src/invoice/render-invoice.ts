import type { CreditNoteDetails, Invoice, InvoiceJson } from '../model/index.js';
import { invoiceRecord } from '../model/index.js';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../einvoice/index.js';
import type { PdfAttachment } from './pdf/pdf-writer.js';
import { getLocale } from '../locale/index.js';
import { defaultFonts } from './font/fonts.js';
import { FontFace } from './pdf/font-face.js';
import { PageContent } from './pdf/content.js';
import { writePdf } from './pdf/pdf-writer.js';
import { embedLogo, type LogoImage } from './pdf/logo-image.js';
import { DEFAULT_ACCENT, PAGE, accentInk } from './_theme.js';
import type { Ink } from './_ink.js';
import { invoiceWords } from './_words.js';
import { creditNoteWords } from './_credit-words.js';
import { ROW, tableRows } from './_rows.js';
import { paginate } from './_paginate.js';
import { drawContinuationHeader, drawFirstHeader } from './_draw-header.js';
import { TABLE_HEADER_HEIGHT, drawRows, drawTableHeader } from './_draw-table.js';
import { drawClosing, layOutClosing } from './_draw-closing.js';
import { drawFooter, drawVoidStamp } from './_draw-page-furniture.js';
import { InvalidRenderOptionError } from './options/invalid-render-option-error.js';
import type { RenderInvoiceOptions } from './options/options.js';
import { checkRenderOptions } from './_check-options.js';
import { MIN_FIRST_TABLE_TOP } from './_draw-header.js';
import { checkDrawable, undrawableError } from './_glyphs.js';

/** Height of a continuation page's header, from the top margin to the table. */
const CONTINUATION_HEADER = 32;

/**
 * The totals, notes and payment terms fit a later page beside at least as much table as page one
 * always keeps (MIN_FIRST_TABLE_TOP): so every capacity paginate sees is large, never tiny or negative.
 */
const MAX_CLOSING_HEIGHT = PAGE.top - CONTINUATION_HEADER - MIN_FIRST_TABLE_TOP;

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
 * Every field is printed whole: long ones wrap and are set smaller, down to a readable minimum.
 * @throws SchemaError naming the field of a malformed record, UnknownLanguageError, InvalidRenderOptionError,
 * UnprintableFieldError naming the field (`buyer.legal_name`) that is too long to print whole or has a
 * character the embedded fonts have no glyph for (CJK, most emoji)
 */
export async function renderInvoicePdf(input: Invoice | InvoiceJson, options: RenderInvoiceOptions = {}): Promise<Uint8Array> {
  return renderDocumentPdf(invoiceRecord(input), options);
}

/** A name for the embedded file: the document number with only portable characters. */
function attachmentName(prefix: string, number: string): string {
  return `${prefix}-${number.replace(/[^A-Za-z0-9._-]+/g, '_')}.xml`;
}

/** The e-invoice carried inside the PDF with `embedXml`: the same bytes renderInvoiceUbl / renderCreditNoteUbl give. */
function embeddedXml(invoice: Invoice, language: string, credit: CreditNoteDetails | undefined): PdfAttachment {
  return credit
    ? {
        name: attachmentName('credit-note', credit.number),
        bytes: renderCreditNoteUbl(invoice, credit, { language }),
        mimeType: 'application/xml',
        description: 'Peppol BIS Billing 3.0 credit note (UBL 2.1 CreditNote)',
        modDate: new Date(`${credit.issueDate}T00:00:00Z`),
        relationship: 'Alternative',
      }
    : {
        name: attachmentName('invoice', invoice.invoice_number),
        bytes: renderInvoiceUbl(invoice, { language }),
        mimeType: 'application/xml',
        description: 'Peppol BIS Billing 3.0 invoice (UBL 2.1 Invoice)',
        modDate: new Date(invoice.issued_at),
        relationship: 'Alternative',
      };
}

/**
 * The invoice's PDF, or with `credit` the credit note's (its own number and date, a reference to
 * the invoice, the same lines and amounts). PDF/A-3b; with `embedXml` carrying the e-invoice.
 * The record is already checked (invoiceRecord).
 */
export async function renderDocumentPdf(invoice: Invoice, options: RenderInvoiceOptions = {}, credit?: CreditNoteDetails): Promise<Uint8Array> {
  checkRenderOptions(options);
  const language = options.language ?? invoice.language;
  const locale = getLocale(language);
  const attachment = options.embedXml ? embeddedXml(invoice, language, credit) : undefined;
  const accent = accentInk(options.accentColor ?? DEFAULT_ACCENT);
  const logo = await loadLogo(options.logo);
  const fonts = defaultFonts();
  checkDrawable(fonts, invoice, credit);
  const ink: Ink = { regular: new FontFace(fonts.regular, 'F1'), bold: new FontFace(fonts.bold, 'F2'), ...accent, ...(logo ? { logo } : {}) };
  const invoiceText = invoiceWords(invoice, locale, credit ? [] : (options.findings ?? []));
  const words = credit ? creditNoteWords(invoiceText, invoice, credit, locale) : invoiceText;

  const first = new PageContent();
  const firstTableTop = drawFirstHeader(first, ink, words);
  const bodyBottom = PAGE.bottom;
  const laterTableTop = PAGE.top - CONTINUATION_HEADER;
  const capacity = (i: number): number => (i === 0 ? firstTableTop : laterTableTop) - TABLE_HEADER_HEIGHT - bodyBottom;
  const closing = layOutClosing(ink, words, MAX_CLOSING_HEIGHT);
  // A row fragment fits on the first page, and on a later page together with the totals: then the totals never stand alone.
  const rows = tableRows(invoice.lines, words, ink, Math.min(capacity(0), capacity(1) - closing.height) - ROW.ruleGap);
  const pageRows = paginate(rows, capacity, closing.height);

  const pages = pageRows.map((_, i) => (i === 0 ? first : new PageContent()));
  // The stamp goes beneath each page's content (see COLORS.stamp).
  const underlays = words.voidMark ? pages.map(() => new PageContent()) : undefined;
  pageRows.forEach((rowsOnPage, i) => {
    const page = pages[i]!;
    const top = i === 0 ? firstTableTop : drawContinuationHeader(page, ink, words);
    let y = top;
    if (rowsOnPage.length || i === 0) y = drawRows(page, ink, rowsOnPage, drawTableHeader(page, ink, words, top));
    if (i === pages.length - 1) drawClosing(page, ink, words, closing, y);
    drawFooter(page, ink, words, i, pages.length);
    if (words.voidMark) drawVoidStamp(underlays![i]!, page, ink, words.voidMark);
  });

  // The record's text was checked before drawing; what is left is the locale's own words (a locale file installed beside the package).
  const lacking = [...ink.regular.lacking, ...ink.bold.lacking];
  if (lacking.length) throw undrawableError('language', [...new Set(lacking)]);

  const number = credit ? credit.number : invoice.invoice_number;
  return writePdf(pages, [ink.regular, ink.bold], {
    title: `${words.title} ${number}`,
    author: invoice.seller.legal_name,
    subject: `${words.title} ${number} – ${invoice.buyer.legal_name}`,
    language: locale.code,
    date: credit ? new Date(`${credit.issueDate}T00:00:00Z`) : new Date(invoice.issued_at),
  }, { ...(logo ? { image: logo } : {}), ...(underlays ? { underlays } : {}), ...(attachment ? { attachment } : {}) });
}
