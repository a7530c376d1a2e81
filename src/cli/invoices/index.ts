import type { CommandGroup } from '../_program/command.js';
import { listCommand } from './list.js';
import { getCommand } from './get.js';
import { pdfCommand } from './pdf.js';
import { renderCommand } from './render.js';
import { creditNoteCommand } from './credit-note.js';

export const invoicesGroup: CommandGroup = {
  name: 'invoices',
  summary: 'List, fetch and render invoices',
  commands: [listCommand, getCommand, pdfCommand, renderCommand, creditNoteCommand],
};
