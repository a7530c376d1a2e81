import { t, type Locale } from '../../locale/index.js';
import type { OrgOutcome, OrgStatus } from '../manifest/manifest.js';

/** How an organization's run went, one word each on stdout, in summary.md, on index.html and in the manifest. */
export type RunStatus = OrgStatus;

/** Every status, in the order the pages count them. */
export const RUN_STATUSES: readonly RunStatus[] = ['ok', 'partly_skipped', 'skipped', 'failed', 'interrupted', 'not_run'];

/**
 * The organization's status: as recorded, except that a manifest of an earlier version said
 * `skipped` also where some part was made, which is `partly_skipped` now.
 */
export function orgStatus(o: Pick<OrgOutcome, 'status' | 'parts'>): RunStatus {
  return o.status === 'skipped' && o.parts.some((p) => p.status === 'ok') ? 'partly_skipped' : o.status;
}

/** What `parts` make of an organization that ran to the end: failed, skipped, partly skipped or ok. */
export function statusOfParts(parts: OrgOutcome['parts']): RunStatus {
  if (parts.some((p) => p.status === 'failed')) return 'failed';
  if (!parts.some((p) => p.status === 'skipped')) return 'ok';
  return parts.some((p) => p.status === 'ok') ? 'partly_skipped' : 'skipped';
}

/** The status's one word in the language (`ok`, `partly skipped`, …): the same on stdout, in summary.md and on index.html. */
export function statusWord(status: RunStatus, locale: Locale): string {
  return t(locale, `runner.summary.status.${status}`);
}
