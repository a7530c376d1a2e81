import { LOCK_FILE } from './_lock.js';
import type { RunConfig } from '../config/config.js';
import { assignSafeNames } from '../manifest/safe-name.js';
import { PARTNER_ANSWERS_DIR } from '../manifest/kept-answers.js';

// Files in the month folder itself; an org folder must never take one of these names.
const ROOT_NAMES = ['manifest.json', 'summary.md', 'index.html', 'partner-status.xlsx', PARTNER_ANSWERS_DIR, 'books', LOCK_FILE];

/**
 * Each organization's folder under the month folder, in config order: a safe name of its id,
 * made distinct. Every path of a run (in one process or on queue workers) names folders this way.
 */
export function organizationFolders(config: RunConfig): string[] {
  return assignSafeNames(config.organizations.map((o) => ({ raw: o.org_id, key: o.org_id })), ROOT_NAMES);
}
