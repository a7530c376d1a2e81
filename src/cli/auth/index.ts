import type { CommandGroup } from '../_program/command.js';
import { loginCommand } from './login.js';
import { listCommand } from './list.js';
import { useCommand } from './use.js';
import { pinCommand } from './pin.js';
import { statusCommand } from './status.js';
import { fieldsCommand } from './fields.js';
import { tokenCommand } from './token.js';
import { logoutCommand } from './logout.js';

export const authGroup: CommandGroup = {
  name: 'auth',
  summary: 'Save, choose and check API keys',
  commands: [loginCommand, listCommand, useCommand, pinCommand, statusCommand, fieldsCommand, tokenCommand, logoutCommand],
};
