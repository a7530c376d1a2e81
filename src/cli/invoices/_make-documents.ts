import type { CommandIO, ParsedArgs } from '../_program/command.js';
import type { RenderInvoiceOptions } from '../../invoice/options/index.js';
import { renderCreditNotePdf, renderInvoicePdf } from '../../invoice/index.js';
import { EInvoiceError, renderCreditNoteUbl, renderInvoiceUbl } from '../../einvoice/index.js';
import { checkInvoice } from '../../check/index.js';
import type { Invoice } from '../../model/index.js';
import { plainText } from '../_output/sanitize.js';
import { readInvoiceArgument } from './_invoice-input.js';
import { renderFailure, reportFindings } from './_render-refusals.js';
import { documentPaths, writeDocuments, type DocumentFormat } from './_document-output.js';

// The heavy half of `invoices render` and `invoices credit-note`: the invoice read (file, stdin or
// the API), checked, rendered and written. The commands import it only after their flags are
// checked, so a bad flag value never waits for pdf-lib, the fonts, the XML writer or the client.

/** What the document is of: the invoice itself, or its credit note. */
export type DocumentKind = { kind: 'invoice' } | { kind: 'credit-note'; credit: { number: string; issueDate: string; reason?: string } };

/**
 * A credit note is how a wrong invoice is put right (momsbekendtgørelsen § 58, stk. 2; VAT
 * Directive art. 219): its findings never stop it. They are said on stderr as what the credit
 * note cancels, and its errors are the credit note's reason unless --reason gives one.
 * Returns whether the invoice has an error.
 */
function reportCredited(io: CommandIO, invoice: Invoice): boolean {
  const findings = checkInvoice(invoice);
  for (const f of findings) io.stderr.write(`svc: invoice ${plainText(invoice.invoice_number)}: ${f.severity}: ${plainText(f.message)} [${f.code}] (credited)\n`);
  return findings.some((f) => f.severity === 'error');
}

/** Reads the invoice argument, stops on its findings, renders the documents `format` asks for and writes them. */
export async function makeDocuments(io: CommandIO, args: ParsedArgs, format: DocumentFormat, options: RenderInvoiceOptions, what: DocumentKind): Promise<void> {
  const invoice = await readInvoiceArgument(args.positionals[0]!, io, args);
  const paths = documentPaths(args, format, what.kind === 'invoice' ? invoice.invoice_number : `credit-note-${what.credit.number}`);
  const mirrorsErrors = what.kind === 'credit-note' ? reportCredited(io, invoice) : (reportFindings(io, args, invoice), false);
  const ublOptions = options.language ? { language: options.language } : {};
  try {
    let xml: Uint8Array | undefined;
    let noXml: string | undefined;
    try {
      xml = format === 'pdf' ? undefined : what.kind === 'invoice' ? renderInvoiceUbl(invoice, ublOptions) : renderCreditNoteUbl(invoice, what.credit, ublOptions);
    } catch (e) {
      // The credit note of a wrong invoice whose mirror the Peppol rules reject: the PDF alone, saying why.
      if (!(mirrorsErrors && format === 'both' && e instanceof EInvoiceError && e.field !== 'issueDate')) throw e;
      noXml = plainText(e.message);
    }
    const pdfOptions = { ...options, embedXml: format === 'both' && xml !== undefined };
    const pdf = format === 'xml' ? undefined : what.kind === 'invoice' ? await renderInvoicePdf(invoice, pdfOptions) : await renderCreditNotePdf(invoice, what.credit, pdfOptions);
    await writeDocuments(io, paths, { ...(pdf ? { pdf } : {}), ...(xml ? { xml } : {}) });
    if (noXml !== undefined) io.stderr.write(`svc: no XML for credit note ${plainText(what.kind === 'credit-note' ? what.credit.number : '')}: ${noXml}; the PDF was written alone\n`);
  } catch (e) {
    renderFailure(args, e);
  }
}
