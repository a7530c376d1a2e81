import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { reportingClientFrom } from '../_client/clients.js';
import { reportingOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { fetchInvoiceNamed } from './_invoice-ref.js';
import { invoiceView } from './_invoice-view.js';
import { jsonText } from '../_output/json-text.js';

/** `svc invoices get <id>`: one invoice (endpoint 2), as text or as the API's JSON. */
export const getCommand: Command = {
  name: 'get',
  summary: 'One invoice: its lines and totals, or the JSON record',
  usage: 'invoices get <invoice-id|invoice-number> [--json]',
  examples: ['svc invoices get 6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', 'svc invoices get 2026-0142 --json > invoice.json'],
  options: { json: { type: 'boolean', description: 'print the invoice record as the API sent it' }, ...reportingOptions },
  positionals: { min: 1, max: 1, names: '<invoice-id>' },
  async run(io, args) {
    const client = reportingClientFrom(io, args);
    const { invoice, raw } = await fetchInvoiceNamed(client, args.positionals[0]!);
    // The record as sent (re-indented only), so it can be saved and rendered later.
    if (bool(args, 'json')) io.stdout.write(jsonText(JSON.parse(raw)));
    else io.stdout.write(invoiceView(invoice, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
