import type { Command } from '../_program/command.js';
import { reportingOptions } from '../_client/client-options.js';
import { documentOptions, renderFlags, strictOption } from './_render-flags.js';
import { checkOutputFlag, documentFormat } from './_document-output.js';

/** `svc invoices render`: our own PDF and/or Peppol e-invoice of an invoice record, in its language or another. */
export const renderCommand: Command = {
  name: 'render',
  summary: 'Render an invoice (a JSON file, or fetched by id) as PDF and/or Peppol XML',
  usage: 'invoices render <invoice.json|-|invoice-id> [--format pdf|xml|both] [-o PATH] [--language da|en] [--logo FILE] [--accent #rrggbb] [--strict]',
  examples: [
    'svc invoices render samples/invoices/nordlys-2026-10.json',
    'svc invoices render 6f1c2d3e --org org-nordlys -o faktura.pdf',
    'svc invoices get 2026-0142 --json | svc invoices render - -o faktura.pdf --language en',
    'svc invoices render invoice.json --logo logo.png --accent "#0b6e4f"',
    'svc invoices render invoice.json --format xml -o invoice.xml        # Peppol BIS Billing 3.0',
    'svc invoices render invoice.json --format both -o 2026-0142.pdf    # PDF/A-3 with the XML inside, and 2026-0142.xml',
    'svc invoices render invoice.json --strict   # no file while checkInvoice finds a warning (an error always stops it)',
  ],
  options: {
    output: { type: 'string', short: 'o', valueName: 'PATH', description: 'where to write the PDF (the XML with --format xml; default: <invoice number>.pdf/.xml here; - for stdout)' },
    ...documentOptions,
    ...strictOption,
    ...reportingOptions,
  },
  positionals: { min: 1, max: 1, names: '<invoice.json|-|invoice-id>' },
  async run(io, args) {
    const format = documentFormat(args);
    const options = await renderFlags(io, args);
    await checkOutputFlag(io, args);
    // The renderers and the client load only now, after every flag value is checked.
    const { makeDocuments } = await import('./_make-documents.js');
    await makeDocuments(io, args, format, options, { kind: 'invoice' });
    return 0;
  },
};
