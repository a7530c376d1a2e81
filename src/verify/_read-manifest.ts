import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from '../runner/manifest/index.js';
import { isRunPath } from '../runner/manifest/index.js';

/** What a checkpoint manifest is, to a person verifying the folder. */
export const CHECKPOINT = 'a checkpoint of a run that did not finish (in_progress): run the month end again to finish it';

/** The month folder's manifest, or why it cannot be read as one (missing, not JSON, not a finished run's). */
export async function readManifest(monthDir: string): Promise<{ manifest: Manifest; text: Buffer } | { problem: string }> {
  let text: Buffer;
  try {
    text = await readFile(join(monthDir, 'manifest.json'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'missing: nothing can be verified without it' : `cannot be read (${code ?? (e as Error).message})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text.toString('utf8'));
  } catch (e) {
    return { problem: `not JSON (${(e as Error).message})` };
  }
  const m = data as Partial<Manifest> | null;
  if (!m || typeof m !== 'object' || m.manifest_version !== 1) return { problem: 'not a month-end manifest (no manifest_version 1)' };
  if (!Array.isArray(m.files) || !Array.isArray(m.organizations) || typeof m.month !== 'string') {
    // A checkpoint written mid-run may hold only some of a manifest's fields: said as what it is, as verifyRun says of a fuller one.
    return { problem: m.in_progress === true ? CHECKPOINT : 'not a month-end manifest (files, organizations or month missing)' };
  }
  const bad = m.files.find((f) => !f || !isRunPath(f.path) || typeof f.sha256 !== 'string' || typeof f.size !== 'number');
  if (bad) return { problem: `lists a file entry that is not one of a run's (${JSON.stringify(bad).slice(0, 120)})` };
  return { manifest: m as Manifest, text };
}
