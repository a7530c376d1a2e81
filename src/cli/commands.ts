import type { CommandGroup } from './_command.js';
import { invoicesGroup } from './invoices/index.js';
import { reportGroup } from './report/index.js';
import { partnerGroup } from './partner/index.js';
import { authGroup } from './auth/index.js';
import { samplesGroup } from './samples/index.js';
import { topLevelCommands } from './_top-level.js';

/** The whole `svc` command tree; each group lives in its own folder. */
export const rootGroup: CommandGroup = {
  name: 'svc',
  summary: 'svc: invoices, cost workbooks and month-end runs from the reporting API; the API-key client.',
  commands: [invoicesGroup, reportGroup, partnerGroup, authGroup, samplesGroup, ...topLevelCommands],
};
