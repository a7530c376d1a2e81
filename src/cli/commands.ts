import type { CommandGroup } from './_command.js';
import { invoicesGroup } from './invoices/index.js';
import { reportGroup } from './report/index.js';
import { partnerGroup } from './partner/index.js';
import { authGroup } from './auth/index.js';
import { samplesGroup } from './samples/index.js';
import { modelsCommand } from './models.js';
import { usageCommand } from './usage.js';
import { searchCommand } from './search.js';
import { updateCommand } from './update.js';
import { monthEndCommand } from './month-end.js';
import { verifyCommand } from './verify.js';
import { workerCommand } from './worker.js';
import { demoCommand } from './demo.js';
import { serveCommand } from './serve.js';
import { completionCommand } from './completion.js';
import { versionCommand } from './version.js';

/**
 * The whole `svc` command tree; each group lives in its own folder. Listed in the order a
 * newcomer meets them: the accountant's documents first, the API-key holder's commands last.
 */
export const rootGroup: CommandGroup = {
  name: 'svc',
  summary: 'svc: invoice PDFs, cost workbooks and month-end runs from the reporting API, and the command-line client for API-key holders.',
  commands: [
    demoCommand,
    monthEndCommand,
    verifyCommand,
    workerCommand,
    invoicesGroup,
    reportGroup,
    partnerGroup,
    serveCommand,
    samplesGroup,
    authGroup,
    modelsCommand,
    usageCommand,
    searchCommand,
    updateCommand,
    completionCommand,
    versionCommand,
  ],
};
