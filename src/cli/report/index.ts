import type { CommandGroup } from '../_command.js';

export const reportGroup: CommandGroup = {
  name: 'report',
  summary: 'Usage and cost reports (key usage, monthly usage, plan cost, cost workbook)',
  commands: [],
};
