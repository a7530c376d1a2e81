// Programs not written here that some tests read their output with. Locally a missing one skips
// those tests; in CI (`CI` set, as .ci/run and CI services set it) they run and fail instead, so
// a missing package is never a silent pass.
import { execFileSync } from 'node:child_process';

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

export const IN_CI = Boolean(process.env.CI);
/** LibreOffice (Debian: libreoffice-calc-nogui). */
export const hasSoffice = has('soffice', ['--version']);
/** Python 3 with openpyxl (Debian: python3-openpyxl). */
export const PYTHON = process.env.SVC_TEST_PYTHON ?? '/usr/bin/python3';
export const hasOpenpyxl = has(PYTHON, ['-c', 'import openpyxl']);
/** Whether a test that needs a tool runs: when the tool is there, and always in CI. */
export const runs = (available: boolean) => available || IN_CI;
