import type { Command } from '../_program/command.js';
import { str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { reportingOptions } from '../_client/client-options.js';
import { resolveInvoiceId } from './_invoice-ref.js';
import { checkOutputFile, STDOUT, withOutputFlag } from '../_output/output-file.js';
import { plainText } from '../_output/sanitize.js';

/** `svc invoices pdf <id> -o file.pdf`: the service's own PDF (endpoint 3), saved whole or not at all. */
export const pdfCommand: Command = {
  name: 'pdf',
  summary: "Save the service's own PDF of an invoice",
  usage: 'invoices pdf <invoice-id|invoice-number> -o <file.pdf>',
  examples: ['svc invoices pdf 6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e -o 2026-0142.pdf'],
  options: {
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'file to save (required; only a whole PDF replaces it; - for stdout)' },
    ...reportingOptions,
  },
  positionals: { min: 1, max: 1, names: '<invoice-id>' },
  async run(io, args) {
    const out = str(args, 'output');
    if (!out) throw new UsageError('missing -o FILE: where to save the PDF');
    const path = out === STDOUT ? undefined : await checkOutputFile('-o', out, io.cwd);
    // The HTTP client loads only now: a bad -o is refused without it.
    const { reportingClientFrom } = await import('../_client/clients.js');
    const client = reportingClientFrom(io, args);
    const id = await resolveInvoiceId(client, args.positionals[0]!);
    if (path === undefined) {
      io.stdout.write(await client.getInvoicePdf(id));
      return 0;
    }
    const size = await withOutputFlag('-o', out, () => client.saveInvoicePdf(id, path));
    io.stdout.write(`Saved ${plainText(out)} (${size} bytes)\n`);
    return 0;
  },
};
