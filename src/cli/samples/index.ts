import type { CommandGroup } from '../_program/command.js';
import { generateCommand } from './generate.js';

export const samplesGroup: CommandGroup = {
  name: 'samples',
  summary: 'Sample datasets for the reference server',
  commands: [generateCommand],
};
