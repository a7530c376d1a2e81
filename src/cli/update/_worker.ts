// Background update check, started detached by auto-check.ts: asks the registry once, caches the
// answer in the config folder given as argv[2], and exits. Prints nothing; failures are cached
// as "checked" too, so an unreachable registry is not asked again on every command.
import { readUpdateCache, writeUpdateCache } from './_cache.js';
import { PACKAGE } from './_package-info.js';
import { fetchLatestVersion } from './_registry.js';
import { now } from '../../core/index.js';

const dir = process.argv[2];
if (dir) {
  const previous = await readUpdateCache(dir);
  const latest = await fetchLatestVersion(process.env, 5000).catch(() => previous?.latest ?? PACKAGE.version);
  await writeUpdateCache(dir, { checked_at: now().toISOString(), latest }).catch(() => {});
}
