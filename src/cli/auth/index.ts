import type { CommandGroup } from '../_command.js';

export const authGroup: CommandGroup = {
  name: 'auth',
  summary: 'Save, choose and check API keys',
  commands: [],
};
