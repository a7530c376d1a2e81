import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { ownFile } from '../core/own-file.js';
import type { OutputWriter } from './_output-writer.js';
import { sha256 } from './hash.js';
import { SecretScrubber } from './_secret-scrubber.js';
import type { Manifest, ManifestFile, OrgOutcome, PartOutcome } from './manifest.js';
import { summarize } from './_manifest-summary.js';
import { runFigures } from './run-figures.js';
import { renderSummary } from './summary.js';
import { renderFrontPage } from './front-page.js';
import { RUN_DOCUMENTS } from './_run-documents.js';
import { now } from '../core/clock.js';
import { exactJson } from './_exact-json.js';
import { markSharedPaymentIds } from './_shared-payment-ids.js';
import { runBooks } from './books.js';
import type { BooksSettings } from './books-config.js';
import { renderJournalCsv } from './_journal-csv.js';
import { renderVatReturnJson } from './_vat-return-json.js';

export interface FinishInput {
  monthDir: string;
  writer: OutputWriter;
  month: string;
  baseUrl: string;
  startedAt: Date;
  organizations: OrgOutcome[];
  partner: PartOutcome | null;
  interrupted: boolean;
  options: Manifest['options'];
  /** Token values of this run: scrubbed from the manifest and summary whatever put them there. */
  secrets: Array<string | undefined>;
  /** Language of summary.md and index.html. */
  summaryLanguage: string;
  version: string;
  /** Where the books post (the run config's `books`, defaults filled in). */
  books: BooksSettings;
}

// Files an earlier run made that this run did not touch (an org that failed or was not run this
// time, a service PDF from a run with --with-service-pdf) stay listed while they are on disk.
async function keptFiles(input: FinishInput): Promise<ManifestFile[]> {
  const touched = new Set(input.writer.files.map((f) => f.path));
  const kept: ManifestFile[] = [];
  for (const prev of input.writer.previousFiles()) {
    if (touched.has(prev.path) || RUN_DOCUMENTS.has(prev.kind)) continue;
    // Only a regular file is the one listed (the one rule: a link or FIFO put there since is not).
    const st = (await ownFile(join(input.monthDir, prev.path), { within: input.monthDir }).catch(() => undefined))?.stats;
    if (st && st.size === prev.size) kept.push({ ...prev, status: 'kept' });
  }
  return kept;
}

/**
 * Writes `books/journal.csv` and `books/vat-return.json`, then `summary.md`, then `index.html`, then
 * `manifest.json` (listing them all), each atomically;
 * returns the manifest. The queue's coordinator finishes its runs here too, so every run gets
 * the same three.
 */
export async function finishManifest(input: FinishInput): Promise<Manifest> {
  markSharedPaymentIds(input.organizations);
  const head = {
    manifest_version: 1 as const,
    tool: { name: 'svc' as const, version: input.version },
    month: input.month,
    base_url: input.baseUrl,
    started_at: input.startedAt.toISOString(),
    finished_at: now().toISOString(),
    interrupted: input.interrupted,
    options: input.options,
    organizations: input.organizations,
    partner: input.partner,
  };
  const scrubber = new SecretScrubber(input.secrets);
  // Scrubbed as records, before the summary's Markdown escaping, the page's HTML escaping and JSON's own could hide a token.
  const clean = scrubber.scrubDeep(head);
  const source_sha256 = sha256(JSON.stringify(clean.organizations));
  const own = (path: string, kind: ManifestFile['kind'], text: string): ManifestFile => ({
    path, org_id: null, kind, size: Buffer.byteLength(text), sha256: sha256(text), source_sha256, source: 'this manifest', generator: `svc ${input.version}`, status: 'written',
  });
  // The run's one set of figures: summary.md, index.html and the manifest all show these.
  const figures = runFigures(clean.organizations);
  // An organization whose figures could not be made has failed, alone and named, on every surface.
  clean.organizations = clean.organizations.map((o, i) => {
    const problem = figures.organizations[i]!.problem;
    return problem ? { ...o, status: 'failed' as const, error: o.error ? `${o.error}; ${problem}` : problem } : o;
  });
  // The books from the same outcomes and figures: journal.csv, vat-return.json, summary.md and index.html all read them.
  const books = runBooks(clean.organizations, input.books, figures);
  // Through the one writer: the same bytes as the last run's (on disk too) are `unchanged` and not written again.
  for (const [path, kind, text] of [
    ['books/journal.csv', 'journal', renderJournalCsv(books, input.summaryLanguage)],
    ['books/vat-return.json', 'vat_return', renderVatReturnJson(books, input.month)],
  ] as const) {
    const bytes = new TextEncoder().encode(scrubber.scrub(text));
    await input.writer.emit({
      path, org_id: null, kind, source_sha256: sha256(bytes), source: 'this manifest', generator: `svc ${input.version} books, ${input.summaryLanguage}`, produce: async () => bytes,
    });
  }
  const made = [...input.writer.files, ...(await keptFiles(input))];
  const summaryText = scrubber.scrub(renderSummary(clean, input.summaryLanguage, figures, made, books));
  await writeFileAtomic(join(input.monthDir, 'summary.md'), summaryText, { within: input.monthDir });
  const files: ManifestFile[] = [...made, own('summary.md', 'summary', summaryText)];
  const pageText = scrubber.scrub(renderFrontPage({ manifest: clean, files, figures, books }, input.summaryLanguage));
  await writeFileAtomic(join(input.monthDir, 'index.html'), pageText, { within: input.monthDir });
  files.push(own('index.html', 'index_page', pageText));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Figures as BigInt here; exactJson writes them as integers of every digit.
  const manifest = { ...clean, summary: summarize(input.month, figures, files, input.interrupted), figures, files };
  const text = scrubber.scrub(exactJson(manifest));
  await writeFileAtomic(join(input.monthDir, 'manifest.json'), text + '\n', { within: input.monthDir });
  return JSON.parse(text) as Manifest;
}
