import type { CommandGroup } from '../_command.js';

export const invoicesGroup: CommandGroup = {
  name: 'invoices',
  summary: 'List, fetch and render invoices',
  commands: [],
};
