import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { booksTexts, runLanguage, runModel, runPages } from '../runner/pages/index.js';
import { DEFAULT_BOOKS } from '../runner/config/index.js';
import { exactJson, type OrgOutcome, type PartOutcome } from '../runner/manifest/index.js';
import type { VerifyContext } from './_context.js';
import { lineDifference } from './_describe.js';
import { differences, shown } from './_differ.js';
import { footFigures } from './_foot.js';

/** At most this many differing lines are named per page. */
const LINES = 3;

async function comparePage(ctx: VerifyContext, path: string, expected: string): Promise<void> {
  if (!ctx.onDisk.has(path)) return;
  const found = await readFile(join(ctx.monthDir, path), 'utf8');
  if (found === expected) return;
  const a = found.split('\n');
  const b = expected.split('\n');
  if (a.length !== b.length) {
    ctx.differences.push({ file: path, what: `not as the run's figures make it: ${lineDifference(found, expected)}` });
    return;
  }
  const lines = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
  for (const i of lines.slice(0, LINES)) ctx.differences.push({ file: path, what: `not as the run's figures make it: ${lineDifference(`${'\n'.repeat(i)}${a[i]}`, `${'\n'.repeat(i)}${b[i]}`)}` });
  if (lines.length > LINES) ctx.differences.push({ file: path, what: `and ${lines.length - LINES} more lines not as the run's figures make them` });
}

/**
 * The run's own files made again from the organizations' outcomes (re-derived from the kept
 * answers where they could be) with the run's own builder (runPages): the manifest's figures and
 * counts, summary.md and index.html byte for byte (each differing line named), their manifest
 * entries; and the manifest's figures footed.
 */
export async function checkPages(ctx: VerifyContext, organizations: OrgOutcome[], partner: PartOutcome | null): Promise<void> {
  const m = ctx.manifest;
  const head = {
    manifest_version: m.manifest_version, tool: m.tool, month: m.month, base_url: m.base_url, started_at: m.started_at, finished_at: m.finished_at,
    interrupted: m.interrupted, options: m.options, organizations, partner,
    // What the run found of the last run's journal (gone since): taken as recorded.
    ...(m.journal_changes ? { journal_changes: m.journal_changes } : {}),
    ...(m.journal_not_compared ? { journal_not_compared: m.journal_not_compared } : {}),
  };
  const made = m.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page');
  const language = m.options.language ?? runLanguage(organizations);
  // The books as the run posted them (a manifest before the books: the defaults).
  const pages = runPages({ head, model: runModel(head, m.options.books ?? DEFAULT_BOOKS), made, language, version: m.tool.version });
  if (m.figures) footFigures(m.figures, ctx.differences);
  // As the manifest holds them: JSON integers (exactJson), read back as numbers.
  const figures = JSON.parse(exactJson(pages.figures)) as unknown;
  for (const d of differences(m.figures, figures, 8)) ctx.differences.push({ file: 'manifest.json', what: `figures.${d.path} is ${shown(d.found)}; the kept answers give ${shown(d.expected)}` });
  for (const d of differences(m.summary, pages.summary, 8)) ctx.differences.push({ file: 'manifest.json', what: `summary.${d.path} is ${shown(d.found)}; re-counted ${shown(d.expected)}` });
  for (const own of pages.files.filter((f) => f.kind === 'summary' || f.kind === 'index_page')) {
    const entry = m.files.find((f) => f.path === own.path);
    if (!entry) {
      ctx.differences.push({ file: 'manifest.json', what: `does not list ${own.path}` });
      continue;
    }
    const short = (v: string | number) => (typeof v === 'string' ? `${v.slice(0, 16)}…` : String(v));
    for (const field of ['size', 'sha256', 'source_sha256'] as const) {
      if (entry[field] !== own[field]) ctx.differences.push({ file: 'manifest.json', what: `${own.path}: ${field} is ${short(entry[field])}; made again from the run's figures ${short(own[field])}` });
    }
  }
  await comparePage(ctx, 'summary.md', pages.summaryText);
  await comparePage(ctx, 'index.html', pages.pageText);
  // The books' files, made again from the same model, line by line.
  const books = booksTexts(pages, language);
  await comparePage(ctx, 'books/journal.csv', books.journal);
  await comparePage(ctx, 'books/vat-return.json', books.vatReturn);
}
