import type { Command } from './_command.js';
import { modelsCommand } from './models.js';
import { usageCommand } from './usage.js';
import { searchCommand } from './search.js';
import { updateCommand } from './update.js';
import { monthEndCommand } from './month-end.js';
import { demoCommand } from './demo.js';
import { serveCommand } from './serve.js';

/** Commands directly under `svc` (serve, demo, month-end, models, usage, search, update). */
export const topLevelCommands: Command[] = [modelsCommand, usageCommand, searchCommand, updateCommand, monthEndCommand, demoCommand, serveCommand];
