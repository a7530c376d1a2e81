import { lstat, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256 } from './hash.js';
import type { PreviousMonthLink } from './manifest.js';

/** `YYYY-MM` of the month before `month` (`YYYY-MM`). */
export function monthBefore(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The manifest of `<outDir>/<month>`, read without following a symbolic link (a link is read as
 * no manifest), with its sha256; undefined when there is none.
 */
export async function readMonthManifest(outDir: string, month: string): Promise<{ text: Buffer; sha256: string } | undefined> {
  const dir = join(outDir, month);
  const file = join(dir, 'manifest.json');
  for (const path of [dir, file]) {
    const st = await lstat(path).catch(() => undefined);
    if (!st || st.isSymbolicLink()) return undefined;
  }
  const text = await readFile(file).catch(() => undefined);
  return text && { text, sha256: sha256(text) };
}

/**
 * What a run of `month` in `monthDir` records of the previous month's run in the same output
 * folder: its manifest's sha256 (null when there is none), so that an earlier month altered or
 * removed afterwards shows (`svc verify` walks the chain back). Each month's manifest sealing the
 * one before, a signature over the newest manifest's sha256 would cover them all.
 */
export async function previousMonthLink(monthDir: string, month: string): Promise<PreviousMonthLink> {
  const before = monthBefore(month);
  const found = await readMonthManifest(dirname(monthDir), before);
  if (!found) return { month: before, manifest_sha256: null };
  let inProgress = false;
  try {
    inProgress = (JSON.parse(found.text.toString('utf8')) as { in_progress?: unknown }).in_progress === true;
  } catch {
    // Not JSON: its hash is what is recorded all the same.
  }
  return { month: before, manifest_sha256: found.sha256, ...(inProgress ? { in_progress: true as const } : {}) };
}
