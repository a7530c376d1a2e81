import type { Locale } from '../../locale/index.js';
import { escapeHtml, runHref } from './_html.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { isKeptAnswer } from '../manifest/kept-answers.js';

/** A link to a file of the run, labelled by its kind. */
export interface FileLink {
  href: string;
  label: string;
}

/** The run's files by path and by organization, for linking. */
export interface FileIndex {
  kindOf: Map<string, ManifestFile['kind']>;
  byOrg: Map<string, ManifestFile[]>;
}

export function indexFiles(files: readonly ManifestFile[]): FileIndex {
  const kindOf = new Map<string, ManifestFile['kind']>();
  const byOrg = new Map<string, ManifestFile[]>();
  for (const f of files) {
    kindOf.set(f.path, f.kind);
    if (f.org_id === null) continue;
    const list = byOrg.get(f.org_id) ?? [];
    list.push(f);
    byOrg.set(f.org_id, list);
  }
  return { kindOf, byOrg };
}

/** A kind's name in the language (`PDF`, `Cost workbook`), else the file's extension (a kind added later, e.g. `XML`). */
export function kindLabel(kind: string | undefined, path: string, locale: Locale): string {
  const kinds = (locale.runner as { page?: { fileKinds?: Record<string, string> } }).page?.fileKinds ?? {};
  if (kind && typeof kinds[kind] === 'string') return kinds[kind];
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toUpperCase() : name;
}

/** A link to the run's file at `path`; null when the path is not a plain one inside the month folder. */
export function linkTo(path: string, kind: string | undefined, locale: Locale): FileLink | null {
  const href = runHref(path);
  return href === null ? null : { href, label: kindLabel(kind, path, locale) };
}

/** `<a href="…">PDF</a> ` for each file that can be linked, escaped. */
export function linksHtml(files: Iterable<{ path: string; kind: string | undefined }>, locale: Locale): string {
  let out = '';
  for (const f of files) {
    const link = linkTo(f.path, f.kind, locale);
    if (link) out += `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a> `;
  }
  return out;
}

/**
 * The files a page links beside an organization (or the run), the kept API answers as one link to
 * their index, after the documents; each answer's body is reached from that index, not linked.
 */
export function answersLast<F extends { kind: string }>(files: readonly F[]): F[] {
  const documents = files.filter((f) => !isKeptAnswer(f));
  return [...documents, ...files.filter((f) => f.kind === 'api_answers')];
}
