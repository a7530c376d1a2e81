import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The team's shared check tools (`shared/einvoice/validate`, `shared/pdfa/preflight`) live in
 * `shared/` beside the clone (`../shared` from the repository root); SVC_SHARED_DIR points
 * elsewhere. Tests that need them are skipped, saying so, where they are not installed.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SHARED_DIR = process.env.SVC_SHARED_DIR ?? join(dirname(ROOT), 'shared');

export function sharedTool(name: string): string | undefined {
  const path = join(SHARED_DIR, name);
  return existsSync(path) ? path : undefined;
}

/** The Peppol validator, when it and the rule snapshots it reads (a `.mirror` beside shared/) are there. */
export function peppolValidator(): string | undefined {
  const tool = sharedTool('einvoice/validate');
  const mirror = process.env.EINV_MIRROR ?? join(dirname(SHARED_DIR), '.mirror');
  const snapshots = ['kduvekot+ubl-release-package', 'phax+phive-rules'].every((s) => existsSync(join(mirror, s)));
  return tool && snapshots ? tool : undefined;
}
