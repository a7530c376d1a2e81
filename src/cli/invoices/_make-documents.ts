import type { CommandIO, ParsedArgs } from '../_command.js';
import type { RenderInvoiceOptions } from '../../invoice/index.js';
import { renderCreditNotePdf, renderInvoicePdf } from '../../invoice/index.js';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../einvoice/index.js';
import { readInvoiceArgument } from './_invoice-input.js';
import { renderFailure, reportFindings } from './_render-refusals.js';
import { documentPaths, writeDocuments, type DocumentFormat } from './_document-output.js';

// The heavy half of `invoices render` and `invoices credit-note`: the invoice read (file, stdin or
// the API), checked, rendered and written. The commands import it only after their flags are
// checked, so a bad flag value never waits for pdf-lib, the fonts, the XML writer or the client.

/** What the document is of: the invoice itself, or its credit note. */
export type DocumentKind = { kind: 'invoice' } | { kind: 'credit-note'; credit: { number: string; issueDate: string; reason?: string } };

/** Reads the invoice argument, stops on its findings, renders the documents `format` asks for and writes them. */
export async function makeDocuments(io: CommandIO, args: ParsedArgs, format: DocumentFormat, options: RenderInvoiceOptions, what: DocumentKind): Promise<void> {
  const invoice = await readInvoiceArgument(args.positionals[0]!, io, args);
  const paths = documentPaths(args, format, what.kind === 'invoice' ? invoice.invoice_number : `credit-note-${what.credit.number}`);
  reportFindings(io, args, invoice);
  const ublOptions = options.language ? { language: options.language } : {};
  try {
    const xml = format === 'pdf' ? undefined : what.kind === 'invoice' ? renderInvoiceUbl(invoice, ublOptions) : renderCreditNoteUbl(invoice, what.credit, ublOptions);
    const pdfOptions = { ...options, embedXml: format === 'both' };
    const pdf = format === 'xml' ? undefined : what.kind === 'invoice' ? await renderInvoicePdf(invoice, pdfOptions) : await renderCreditNotePdf(invoice, what.credit, pdfOptions);
    await writeDocuments(io, paths, { ...(pdf ? { pdf } : {}), ...(xml ? { xml } : {}) });
  } catch (e) {
    renderFailure(args, e);
  }
}
