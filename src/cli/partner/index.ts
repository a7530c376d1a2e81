import type { CommandGroup } from '../_program/command.js';
import { statusCommand } from './status.js';

export const partnerGroup: CommandGroup = {
  name: 'partner',
  summary: "A partner's organizations and keys checked against recommended models",
  commands: [statusCommand],
};
