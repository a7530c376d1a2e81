// The key commands' own `svc`: the harness's in-process runner (test/_harness) with a command
// table of the key commands only, `svc update` believing itself installed as a test says, and
// the samples' today as this computer's clock unless a test gives its own.
import type { CommandGroup } from '../../src/cli/_program/command.js';
import { authGroup } from '../../src/cli/auth/index.js';
import { modelsCommand } from '../../src/cli/models/models.js';
import { usageCommand } from '../../src/cli/usage/usage.js';
import { searchCommand } from '../../src/cli/search/search.js';
import { makeUpdateCommand } from '../../src/cli/update/update.js';
import type { Install } from '../../src/cli/update/_install-kind.js';
import { svc as svcInThisProcess, type SvcOptions, type SvcResult } from '../_harness/index.js';

/**
 * The sample dataset's "today" at UTC noon: this computer's clock (SVC_NOW) in these tests unless
 * one gives its own, so output that would remark on a clock unlike the service's never depends on
 * the day the tests run.
 */
export const TODAY = '2026-11-20T12:00:00Z';

/** Where `svc update` in these tests believes it is installed (a global npm install unless a test says otherwise). */
let install: Install = { kind: 'global' };
export function pretendInstalled(kind: Install): void {
  install = kind;
}

/** The key commands of `svc`. */
export const keyRoot: CommandGroup = {
  name: 'svc',
  summary: 'test root',
  commands: [authGroup, modelsCommand, usageCommand, searchCommand, makeUpdateCommand(() => install)],
};

export type RunResult = SvcResult;
/** The harness's options; `columns` makes stdout and stderr terminals that wide (colour off). */
export type RunOptions = Omit<SvcOptions, 'root'>;

/** Runs `svc <argv>` of the key commands in-process; env holds only what the test gives it (and SVC_NOW). */
export function svc(argv: string[], o: RunOptions = {}): Promise<RunResult> {
  return svcInThisProcess(argv, { ...o, root: keyRoot, tty: o.tty ?? o.columns !== undefined, env: { SVC_NOW: TODAY, ...o.env }, cwd: o.cwd ?? process.cwd() });
}
