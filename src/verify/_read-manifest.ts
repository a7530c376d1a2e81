import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from '../runner/manifest/index.js';
import { isRunPath } from '../runner/manifest/index.js';

/** A checkpoint a run writes as it goes (`in_progress`): its month and how many files it lists so far. */
export interface Checkpoint {
  month: string | null;
  files: number;
}

/**
 * The month folder's manifest; or a checkpoint of a run not finished (a month not complete, not a
 * difference: nothing is checked against it); or why it cannot be read as one (missing, not JSON).
 */
export async function readManifest(monthDir: string): Promise<{ manifest: Manifest; text: Buffer } | { checkpoint: Checkpoint } | { problem: string }> {
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
  // A checkpoint holds only the run's head and the files so far (runner/run/_checkpoint.ts): the
  // month is not done, whatever those files are, so it is said as that before its shape is read.
  if (m.in_progress === true) return { checkpoint: { month: typeof m.month === 'string' ? m.month : null, files: Array.isArray(m.files) ? m.files.length : 0 } };
  if (!Array.isArray(m.files) || !Array.isArray(m.organizations) || typeof m.month !== 'string') {
    return { problem: 'not a month-end manifest (files, organizations or month missing)' };
  }
  const bad = m.files.find((f) => !f || !isRunPath(f.path) || typeof f.sha256 !== 'string' || typeof f.size !== 'number');
  if (bad) return { problem: `lists a file entry that is not one of a run's (${JSON.stringify(bad).slice(0, 120)})` };
  return { manifest: m as Manifest, text };
}
