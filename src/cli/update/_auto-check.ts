import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CommandIO } from '../_program/command.js';
import { configDir } from '../_credentials/config-dir.js';
import { readUpdateCache } from './_cache.js';
import { isNewer } from './_compare-versions.js';
import { PACKAGE } from './_package-info.js';
import { classifyInstall, packageRoot, updateCommandFor, updatesInPlace } from './_install-kind.js';
import { updateCheckAllowed } from './_check-allowed.js';
import { now as clockNow } from '../../core/index.js';

/** At most one registry check a day. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

export { updateCheckAllowed };

/** Starts the registry check in a detached process that outlives this one, so no command waits for it. */
export function startBackgroundCheck(dir: string, env: Record<string, string | undefined>): void {
  const worker = fileURLToPath(new URL('./_worker.js', import.meta.url));
  const child = spawn(process.execPath, [worker, dir], { detached: true, stdio: 'ignore', env, windowsHide: true });
  child.on('error', () => {});
  child.unref();
}

/**
 * Runs after a command: prints the notice from the last check's cached result (stderr), and when
 * that result is a day old starts a new check in the background for the next run.
 */
export async function afterCommand(io: CommandIO, now: Date = clockNow(), start = startBackgroundCheck): Promise<void> {
  if (!updateCheckAllowed(io)) return;
  const dir = configDir(io.env);
  const cache = await readUpdateCache(dir);
  if (cache && isNewer(cache.latest, PACKAGE.version)) {
    const install = classifyInstall(packageRoot());
    const how = updatesInPlace(install) ? 'svc update' : updateCommandFor(install);
    io.stderr.write(`\nA new release of svc is available: ${PACKAGE.version} → ${cache.latest}\nTo install it, run: ${how}\n`);
  }
  const last = cache ? Date.parse(cache.checked_at) : NaN;
  if (!(now.getTime() - last < CHECK_INTERVAL_MS)) start(dir, io.env);
}
