// Programs not written here that some tests read their output with or run under, and root for
// those that mount or mknod. Locally a missing one skips those tests; in CI (`CI` set, as .ci/run
// and CI services set it) they run and fail instead, so a missing package is never a silent pass.
// Every conditional skip in test/ goes through `runs` (test/api/skips.test.ts checks that).
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `cmd` is an executable on PATH, found without running it: `soffice --version` took
 * 1.3 s of wall time at every worker's first import (LibreOffice's launcher starts its runtime).
 */
function onPath(cmd: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir || '.', cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export const IN_CI = Boolean(process.env.CI);
/** LibreOffice (Debian: libreoffice-calc-nogui). */
export const hasSoffice = onPath('soffice');
/** Python 3 with openpyxl (Debian: python3-openpyxl). */
export const PYTHON = process.env.SVC_TEST_PYTHON ?? '/usr/bin/python3';
export const hasOpenpyxl = has(PYTHON, ['-c', 'import openpyxl']);
/** Info-ZIP's unzip, whose `-t` checks every CRC of a workbook (Debian: unzip). */
export const hasUnzip = has('unzip', ['-v']);
/** util-linux's `script`, which gives the CLI a real pseudo-terminal (Debian: bsdutils). */
export const hasScript = process.platform === 'linux' && has('script', ['--version']);
/** GitHub's Markdown renderer (Debian: cmark-gfm). */
export const hasCmark = has('cmark-gfm', ['--version']);
/** Redis, which the queue tests start on a port of their own (Debian: redis-server). */
export const hasRedis = has('redis-server', ['--version']);
/** Root, which mounting a tiny tmpfs and mknod need (CI runs as root). */
export const IS_ROOT = process.getuid?.() === 0;
/** Whether a test that needs a tool runs: when the tool is there, and always in CI. */
export const runs = (available: boolean) => available || IN_CI;
