import type { ManifestFile } from './manifest.js';

/**
 * The run's own documents, made anew by every run: never `kept` from an earlier one. A module of
 * its own so that the checkpoints (loaded with the run) read it without loading _finish.ts, whose
 * summary and front-page builders load only when the run finishes (not for a run refused at the lock).
 */
export const RUN_DOCUMENTS: ReadonlySet<ManifestFile['kind']> = new Set(['summary', 'index_page', 'journal', 'vat_return']);
