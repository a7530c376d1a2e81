import { sha256 } from './hash.js';
import type { Manifest, ManifestFile, ManifestSummary } from './manifest.js';
import { summarize } from './_manifest-summary.js';
import { runFigures, type RunFigures } from './run-figures.js';
import { renderSummary } from './summary.js';
import { renderFrontPage } from './front-page.js';

/** A run's manifest before its figures, counts and files: what summary.md and index.html are made from. */
export type RunHead = Omit<Manifest, 'summary' | 'figures' | 'files' | 'previous_month'>;

export interface RunPagesInput {
  head: RunHead;
  /** The run's files but summary.md, index.html and manifest.json (any order). */
  made: readonly ManifestFile[];
  /** Language of summary.md and index.html. */
  language: string;
  /** The tool's version, in their manifest entries. */
  version: string;
  /** The run's last guard on each text (token values out); none when omitted. */
  scrub?: (text: string) => string;
}

export interface RunPages {
  /** The head as the pages show it: an organization whose figures could not be made has failed (its `error` says why). */
  head: RunHead;
  figures: RunFigures;
  summaryText: string;
  pageText: string;
  /** Every file of the run, summary.md and index.html included, by path. */
  files: ManifestFile[];
  summary: ManifestSummary;
}

/**
 * The run's figures, `summary.md`, `index.html`, its list of files and its counts, from the
 * organizations' outcomes and the files made: what a run writes at its end (_finish.ts) and what
 * `svc verify` makes again from the kept answers to compare. Pure: nothing is read or written.
 */
export function runPages(input: RunPagesInput): RunPages {
  const { version } = input;
  const scrub = input.scrub ?? ((text: string) => text);
  const source_sha256 = sha256(JSON.stringify(input.head.organizations));
  const own = (path: string, kind: ManifestFile['kind'], text: string): ManifestFile => ({
    path, org_id: null, kind, size: Buffer.byteLength(text), sha256: sha256(text), source_sha256, source: 'this manifest', generator: `svc ${version}`, status: 'written',
  });
  const byPath = (a: ManifestFile, b: ManifestFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  // The run's one set of figures: summary.md, index.html and the manifest all show these.
  const figures = runFigures(input.head.organizations);
  // An organization whose figures could not be made has failed, alone and named, on every surface.
  const head: RunHead = {
    ...input.head,
    organizations: input.head.organizations.map((o, i) => {
      const problem = figures.organizations[i]!.problem;
      return problem ? { ...o, status: 'failed' as const, error: o.error ? `${o.error}; ${problem}` : problem } : o;
    }),
  };
  // By path, so the pages do not depend on which organization finished first.
  const made = [...input.made].sort(byPath);
  const summaryText = scrub(renderSummary(head, input.language, figures, made));
  const files: ManifestFile[] = [...made, own('summary.md', 'summary', summaryText)];
  const pageText = scrub(renderFrontPage({ manifest: head, files, figures }, input.language));
  files.push(own('index.html', 'index_page', pageText));
  files.sort(byPath);
  return { head, figures, summaryText, pageText, files, summary: summarize(head.month, figures, files, head.interrupted) };
}
