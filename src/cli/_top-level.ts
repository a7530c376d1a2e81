import type { Command } from './_command.js';

/** Commands directly under `svc` (serve, demo, month-end, models, usage, search, update). */
export const topLevelCommands: Command[] = [];
