import { readdirSync } from 'node:fs';
import { statOrNone } from './_stat-or-none.js';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMonth } from '../options/month.js';
import { madeIn, type MadeCreditNote } from '../run/_credit-note-numbers.js';

/** Each month manifest's credit notes, by its path, while its size and modification time are those read. */
const cache = new Map<string, { key: string; notes: Promise<Map<string, MadeCreditNote>> }>();

async function read(path: string, month: string): Promise<Map<string, MadeCreditNote>> {
  const notes = new Map<string, MadeCreditNote>();
  try {
    for (const { invoice, ...made } of madeIn(JSON.parse(await readFile(path, 'utf8')))) notes.set(invoice, { ...made, month: made.month ?? month });
  } catch {
    // A manifest that cannot be read records none (as seriesState counts it).
  }
  return notes;
}

/** The output folder's month folders, by its modification time (a folder made or removed changes it). */
const listings = new Map<string, { mtimeMs: number; months: string[] }>();

/**
 * The month folders in `outDir`, listed again only when the folder has changed: each organization
 * of a run asks, and a stat costs less than a listing.
 */
function monthFolders(outDir: string): string[] {
  const seen = statOrNone(outDir);
  if (!seen?.isDirectory()) return [];
  const hit = listings.get(outDir);
  if (hit?.mtimeMs === seen.mtimeMs) return hit.months;
  let months: string[];
  try {
    months = readdirSync(outDir).filter(isMonth).sort();
  } catch {
    months = [];
  }
  listings.set(outDir, { mtimeMs: seen.mtimeMs, months });
  return months;
}

/**
 * The credit notes the runs of the other months in the output folder made (`<out>/<month>/manifest.json`
 * beside this month's folder), by invoice id, each with its month: an invoice the service has
 * moved into this month since one of them credited it stays cancelled. Each manifest is read
 * once per process while it is unchanged. This month's own are the unit's earlier files.
 */
export async function otherMonthsCreditNotes(monthDir: string, month: string): Promise<Map<string, MadeCreditNote>> {
  const outDir = dirname(monthDir);
  const all = new Map<string, MadeCreditNote>();
  const months = monthFolders(outDir).filter((m) => m !== month);
  for (const m of months) {
    const path = join(outDir, m, 'manifest.json');
    const seen = statOrNone(path);
    if (!seen?.isFile()) continue;
    const key = `${seen.size}\0${seen.mtimeMs}`;
    let hit = cache.get(path);
    // The promise is kept, so the units that start together read each manifest once, not once each.
    if (hit?.key !== key) cache.set(path, (hit = { key, notes: read(path, m) }));
    for (const [invoice, made] of await hit.notes) if (!all.has(invoice) || made.month === m) all.set(invoice, made);
  }
  return all;
}
