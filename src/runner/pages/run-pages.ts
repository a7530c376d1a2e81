import { sha256 } from '../manifest/hash.js';
import type { Manifest, ManifestFile, ManifestSummary } from '../manifest/manifest.js';
import { summarize } from './_manifest-summary.js';
import { runFigures, type RunFigures } from '../figures/run-figures.js';
import { renderSummary } from './summary.js';
import { renderFrontPage } from './front-page.js';
import { runBooks, type RunBooks } from '../figures/books.js';
import type { BooksSettings } from '../config/books-config.js';
import { renderJournalCsv } from './_journal-csv.js';
import { renderVatReturnJson } from './_vat-return-json.js';

/** A run's manifest before its figures, counts and files: what summary.md and index.html are made from. */
export type RunHead = Omit<Manifest, 'summary' | 'figures' | 'files' | 'previous_month'>;

/** The run's one model: its figures, its books, and the head as every surface shows it. */
export interface RunModel {
  /** The head as the pages show it: an organization whose figures could not be made has failed (its `error` says why). */
  head: RunHead;
  figures: RunFigures;
  books: RunBooks;
}

/**
 * The figures and the books of a run from its organizations' outcomes (the books posted as
 * `settings` say): what summary.md, index.html, books/journal.csv, books/vat-return.json and the
 * manifest all show. Pure; a run's finish and `svc verify` make it the same way.
 */
export function runModel(input: RunHead, settings: BooksSettings): RunModel {
  const figures = runFigures(input.organizations);
  // An organization whose figures could not be made has failed, alone and named, on every surface.
  const head: RunHead = {
    ...input,
    organizations: input.organizations.map((o, i) => {
      const problem = figures.organizations[i]!.problem;
      return problem ? { ...o, status: 'failed' as const, error: o.error ? `${o.error}; ${problem}` : problem } : o;
    }),
  };
  const books = runBooks(head.organizations, settings, figures);
  // What the run found of the last run's journal (gone since): the manifest's, as recorded.
  const earlier = { ...(input.journal_changes ? { journal_changes: input.journal_changes } : {}), ...(input.journal_not_compared ? { journal_not_compared: input.journal_not_compared } : {}) };
  return { head, figures, books: { ...books, ...earlier } };
}

/** The books' two files as a run writes them (`books/journal.csv` in `language`, `books/vat-return.json`). */
export function booksTexts(model: RunModel, language: string): { journal: string; vatReturn: string } {
  return { journal: renderJournalCsv(model.books, language), vatReturn: renderVatReturnJson(model.books, model.head.month) };
}

export interface RunPagesInput {
  /** The head as recorded (the pages' `source_sha256` is its organizations'). */
  head: RunHead;
  /** The run's model, made once from `head` (runModel). */
  model: RunModel;
  /** The run's files but summary.md, index.html and manifest.json (any order), the books' files included. */
  made: readonly ManifestFile[];
  /** Language of summary.md and index.html. */
  language: string;
  /** The tool's version, in their manifest entries. */
  version: string;
  /** The run's last guard on each text (token values out); none when omitted. */
  scrub?: (text: string) => string;
}

export interface RunPages extends RunModel {
  summaryText: string;
  pageText: string;
  /** Every file of the run, summary.md and index.html included, by path. */
  files: ManifestFile[];
  summary: ManifestSummary;
}

/**
 * The run's figures, books, `summary.md`, `index.html`, its list of files and its counts, from
 * the organizations' outcomes and the files made: what a run writes at its end (_finish.ts) and
 * what `svc verify` makes again from the kept answers to compare. Pure: nothing is read or written.
 */
export function runPages(input: RunPagesInput): RunPages {
  const { version } = input;
  const scrub = input.scrub ?? ((text: string) => text);
  const source_sha256 = sha256(JSON.stringify(input.head.organizations));
  const own = (path: string, kind: ManifestFile['kind'], text: string): ManifestFile => ({
    path, org_id: null, kind, size: Buffer.byteLength(text), sha256: sha256(text), source_sha256, source: 'this manifest', generator: `svc ${version}`, status: 'written',
  });
  const byPath = (a: ManifestFile, b: ManifestFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const { model } = input;
  const { head, figures, books } = model;
  // By path, so the pages do not depend on which organization finished first.
  const made = [...input.made].sort(byPath);
  const summaryText = scrub(renderSummary(head, input.language, figures, made, books));
  const files: ManifestFile[] = [...made, own('summary.md', 'summary', summaryText)];
  const pageText = scrub(renderFrontPage({ manifest: head, files, figures, books }, input.language));
  files.push(own('index.html', 'index_page', pageText));
  files.sort(byPath);
  return { ...model, summaryText, pageText, files, summary: summarize(head.month, figures, files, head.interrupted) };
}
