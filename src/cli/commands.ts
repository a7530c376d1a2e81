import type { CommandGroup } from './_program/command.js';
import { invoicesGroup } from './invoices/index.js';
import { reportGroup } from './report/index.js';
import { partnerGroup } from './partner/index.js';
import { authGroup } from './auth/index.js';
import { samplesGroup } from './samples/index.js';
import { modelsCommand } from './models/models.js';
import { usageCommand } from './usage/usage.js';
import { searchCommand } from './search/search.js';
import { updateCommand } from './update/update.js';
import { monthEndCommand } from './month-end/month-end.js';
import { verifyCommand } from './verify/verify.js';
import { workerCommand } from './worker/worker.js';
import { demoCommand } from './demo/demo.js';
import { serveCommand } from './serve/serve.js';
import { completionCommand } from './completion/completion.js';
import { versionCommand } from './version/version.js';

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
