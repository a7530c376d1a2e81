import { join } from 'node:path';
import { writeFileAtomic } from '../../core/index.js';
import { ownFile } from '../../core/index.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import { SecretScrubber } from './_secret-scrubber.js';
import type { Manifest, ManifestFile, OrgOutcome, PartOutcome } from '../manifest/manifest.js';
import { booksTexts, runModel, runPages, type RunHead } from '../pages/run-pages.js';
import { journalChanges } from '../figures/journal-changes.js';
import { previousMonthLink } from '../manifest/chain.js';
import { RUN_DOCUMENTS } from '../manifest/_run-documents.js';
import { now } from '../../core/index.js';
import { exactJsonOf } from '../manifest/_exact-json.js';
import { writeManifestJson } from './_manifest-json.js';
import { markSharedPaymentIds } from './_shared-payment-ids.js';
import type { BooksSettings } from '../config/books-config.js';
import { sha256 } from '../manifest/hash.js';

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
    // An issued credit note stays listed though its file is gone (an organization not read this
    // run, say): it was made, and `svc verify` names it missing. One the run removed does not.
    // So does an invoice's record (invoices are kept, never deleted): its organization failed on it
    // this run (unit/_kept-invoices.ts), and `svc verify` replays that from this entry.
    else if ((prev.kind === 'credit_note_pdf' || prev.kind === 'credit_note_xml' || prev.kind === 'invoice_json') && !input.writer.isRetired(prev.path)) kept.push({ ...prev, status: 'kept' });
  }
  return kept;
}

/** The end of an incomplete journal's generator. */
const INCOMPLETE = ', incomplete';

/**
 * The organizations whose invoices this run did not read though it should have (failed, stopped
 * or not run; an interrupted run: [] when none is named), or undefined when it read every one it
 * could: a journal without their vouchers is not the month's.
 */
function unreadOrganizations(head: RunHead): string[] | undefined {
  const unread = head.organizations.filter((o) => ['failed', 'interrupted', 'not_run'].includes(o.status) && !o.parts.some((p) => p.part === 'invoices' && p.status === 'ok')).map((o) => o.org_id);
  return unread.length || head.interrupted ? unread : undefined;
}

/**
 * This run's journal against the last run's of the month (journalChanges), when both are the
 * month's whole journal; else why they were not compared. Undefined when there was no earlier
 * journal, or nothing differs.
 */
async function compareJournals(writer: OutputWriter, journal: string, unread: string[] | undefined): Promise<Pick<RunHead, 'journal_changes' | 'journal_not_compared'> | undefined> {
  const entry = writer.previousEntry('books/journal.csv');
  if (!entry) return undefined;
  if (unread) return { journal_not_compared: { code: 'run_incomplete', ...(unread.length ? { orgs: unread } : {}) } };
  if (entry.generator.endsWith(INCOMPLETE)) return { journal_not_compared: { code: 'earlier_incomplete' } };
  const bytes = await writer.previousBytes('books/journal.csv');
  if (!bytes) return { journal_not_compared: { code: 'earlier_changed' } };
  const changes = journalChanges(bytes.toString('utf8'), journal, entry.sha256);
  return changes ? { journal_changes: changes } : undefined;
}

/**
 * Writes `books/journal.csv` and `books/vat-return.json`, then `summary.md`, then `index.html`, then
 * `manifest.json` (listing them all), each atomically;
 * returns the manifest. The queue's coordinator finishes its runs here too, so every run gets
 * the same three.
 */
export async function finishManifest(input: FinishInput): Promise<Manifest> {
  // Computed before the books are written: those are the run's own documents, never kept.
  const kept = await keptFiles(input);
  const organizations = input.organizations;
  markSharedPaymentIds(organizations);
  const head = {
    manifest_version: 1 as const,
    tool: { name: 'svc' as const, version: input.version },
    month: input.month,
    base_url: input.baseUrl,
    started_at: input.startedAt.toISOString(),
    finished_at: now().toISOString(),
    interrupted: input.interrupted,
    // The books' settings are the run's: svc verify posts the same way.
    options: { ...input.options, books: input.books },
    organizations,
    partner: input.partner,
  };
  const scrubber = new SecretScrubber(input.secrets, input.organizations.map((o) => o.org_id));
  // Scrubbed as records, before the summary's Markdown escaping, the page's HTML escaping and JSON's own could hide a token.
  let clean: RunHead = scrubber.scrubDeep(head);
  // The run's one model (figures, books); the books' files through the one writer first, so the
  // pages list them: the same bytes as the last run's (on disk too) are `unchanged`, not written again.
  let model = runModel(clean, input.books);
  const texts = booksTexts(model, input.summaryLanguage);
  // Scrubbed once: the journal compared is the journal written.
  const journal = scrubber.scrub(texts.journal);
  // A journal that replaces the last run's says how they differ, for whoever imported that one.
  const unread = unreadOrganizations(clean);
  const earlier = await compareJournals(input.writer, journal, unread);
  if (earlier) model = runModel((clean = { ...clean, ...earlier }), input.books);
  for (const [path, kind, text] of [['books/journal.csv', 'journal', journal], ['books/vat-return.json', 'vat_return', scrubber.scrub(texts.vatReturn)]] as const) {
    const bytes = new TextEncoder().encode(text);
    // A journal that lacks organizations' invoices says so in its generator: the next run does not compare with it.
    const incomplete = kind === 'journal' && unread ? INCOMPLETE : '';
    await input.writer.emit({
      path, org_id: null, kind, source_sha256: sha256(bytes), source: 'this manifest', generator: `svc ${input.version} books, ${input.summaryLanguage}${incomplete}`, produce: async () => bytes,
    });
  }
  const made = [...input.writer.files, ...kept];
  // The figures, books, summary.md, index.html and the files' list as `svc verify` makes them again.
  const { head: pagesHead, figures, summaryText, pageText, files, summary } = runPages({
    head: clean, model, made, language: input.summaryLanguage, version: input.version, scrub: (text) => scrubber.scrub(text),
  });
  await writeFileAtomic(join(input.monthDir, 'summary.md'), summaryText, { within: input.monthDir });
  await writeFileAtomic(join(input.monthDir, 'index.html'), pageText, { within: input.monthDir });
  // The month before in the same output folder, by its manifest's sha256: the months' chain.
  const previous_month = await previousMonthLink(input.monthDir, input.month);
  // Figures as BigInt here; exactJsonOf writes them as integers of every digit, a member at a time.
  const manifest = { ...pagesHead, summary, figures, previous_month, files };
  return (await writeManifestJson(join(input.monthDir, 'manifest.json'), manifest, { within: input.monthDir, stringify: exactJsonOf, scrubber, parse: true })) as unknown as Manifest;
}
