import type { ManifestFile, ManifestSummary } from '../manifest/manifest.js';
import type { RunFigures } from '../figures/run-figures.js';

/** The manifest's counts: organizations by status (from the run's figures) and files by status. */
export function summarize(month: string, figures: RunFigures, files: readonly ManifestFile[], interrupted: boolean): ManifestSummary {
  const s = figures.statuses;
  const files_ = (status: ManifestFile['status']) => files.filter((f) => f.status === status).length;
  return {
    month, organizations: figures.organizations.length, ok: s.ok, partly_skipped: s.partly_skipped, skipped: s.skipped, failed: s.failed,
    interrupted_orgs: s.interrupted, not_run: s.not_run, files: files.length,
    written: files_('written'), rewritten: files_('rewritten'), unchanged: files_('unchanged'), kept: files_('kept'),
    einvoices: figures.einvoices_written, einvoices_failed: figures.einvoices_not_made,
    held_back: figures.held_back, credit_notes_made: figures.credit_notes_made, credit_notes_to_make: figures.credit_notes_to_make,
    bytes: files.reduce((n, f) => n + f.size, 0), interrupted,
  };
}
