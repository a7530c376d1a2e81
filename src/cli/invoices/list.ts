import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { reportingClientFrom } from '../_client/clients.js';
import { reportingOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { asSent } from '../report/_json.js';
import { invoiceListTable } from './_list-table.js';

/** `svc invoices list`: the organization's invoices, newest first (endpoint 1). */
export const listCommand: Command = {
  name: 'list',
  summary: "The organization's invoices, newest first",
  usage: 'invoices list [--json]',
  examples: ['svc invoices list', 'svc invoices list --json'],
  options: { json: { type: 'boolean', description: 'print the API records as the API sent them' }, ...reportingOptions },
  async run(io, args) {
    const sent = asSent(bool(args, 'json'));
    const list = await reportingClientFrom(io, args).listInvoices(sent.call);
    io.stdout.write(bool(args, 'json') ? sent.text(list) : invoiceListTable(list, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
