import type { CommandGroup } from '../_command.js';

export const partnerGroup: CommandGroup = {
  name: 'partner',
  summary: "A partner's organizations and keys checked against recommended models",
  commands: [],
};
