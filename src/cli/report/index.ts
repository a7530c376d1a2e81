import type { CommandGroup } from '../_program/command.js';
import { costCommand } from './cost.js';
import { keysCommand } from './keys.js';
import { monthlyUsageCommand } from './monthly-usage.js';
import { planCostCommand } from './plan-cost.js';

export const reportGroup: CommandGroup = {
  name: 'report',
  summary: 'Usage and cost reports (key usage, monthly usage, plan cost, cost workbook)',
  commands: [keysCommand, monthlyUsageCommand, planCostCommand, costCommand],
};
