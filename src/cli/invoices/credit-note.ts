import type { Command } from '../_program/command.js';
import { str } from '../_program/args.js';
import { isoDate } from '../../model/parse/index.js';
import { plainText } from '../_output/sanitize.js';
import { reportingOptions } from '../_client/client-options.js';
import { documentOptions, flagError, renderFlags } from './_render-flags.js';
import { checkOutputFlag, documentFormat } from './_document-output.js';

/**
 * `svc invoices credit-note`: a credit note for a whole invoice, as PDF and/or Peppol XML. It
 * mirrors the invoice, also one checkInvoice finds an error in (a wrong invoice is put right by
 * crediting it: momsbekendtgørelsen § 58, stk. 2; VAT Directive art. 219): the findings are its
 * reason, never a bar. Its XML is made where the Peppol rules take the mirror; where they do not
 * (a total that is not net + VAT, …), `--format both` writes the PDF alone and says why.
 */
export const creditNoteCommand: Command = {
  name: 'credit-note',
  summary: 'Make the credit note (kreditnota) of an invoice as PDF and/or Peppol XML',
  usage: 'invoices credit-note <invoice.json|-|invoice-id> --number N --date YYYY-MM-DD [--reason TEXT] [--format pdf|xml|both] [-o PATH] [--language da|en]',
  examples: [
    'svc invoices credit-note samples/invoices/nordlys-2026-10-void.json --number KN-2026-007 --date 2026-11-20',
    'svc invoices credit-note invoice.json --number KN-2026-007 --date 2026-11-20 --reason "Wrong plan billed" --format both',
    'svc invoices credit-note 6f1c2d3e --org org-nordlys --number KN-2026-007 --date 2026-11-20 --format xml -o kn.xml',
    'svc invoices credit-note org-kattegat/invoice-2026-0152.json --number KN-2026-008 --date 2026-11-20 --format both   # a held-back invoice of a month-end run',
  ],
  options: {
    number: { type: 'string', valueName: 'N', description: "the credit note's own number (required)" },
    date: { type: 'string', valueName: 'YYYY-MM-DD', description: 'its issue date (required; not before the invoice\'s)' },
    reason: { type: 'string', valueName: 'TEXT', description: "why the invoice is credited (shown on the document; default: checkInvoice's errors, if any)" },
    output: { type: 'string', short: 'o', valueName: 'PATH', description: 'where to write the PDF (the XML with --format xml; default: credit-note-<N>.pdf/.xml here; - for stdout)' },
    ...documentOptions,
    ...reportingOptions,
  },
  positionals: { min: 1, max: 1, names: '<invoice.json|-|invoice-id>' },
  async run(io, args) {
    const number = str(args, 'number')?.trim();
    if (!number) throw flagError('--number', "missing: the credit note's own number (from your numbering)");
    const date = str(args, 'date');
    if (date === undefined) throw flagError('--date', 'missing: the credit note\'s issue date, YYYY-MM-DD');
    if (!isoDate.safeParse(date).success) throw flagError('--date', `expected a date YYYY-MM-DD (got "${plainText(date)}")`);
    const reason = str(args, 'reason');
    const format = documentFormat(args);
    const options = await renderFlags(io, args);
    await checkOutputFlag(io, args);
    const credit = { number, issueDate: date, ...(reason?.trim() ? { reason } : {}) };
    // The renderers and the client load only now, after every flag value is checked.
    const { makeDocuments } = await import('./_make-documents.js');
    await makeDocuments(io, args, format, options, { kind: 'credit-note', credit });
    return 0;
  },
};
