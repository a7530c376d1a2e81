import { readOwnFile } from '../../core/index.js';
import type { ManifestFile } from '../manifest/manifest.js';
import { isRunPath } from '../manifest/run-path.js';

// Only paths this runner writes.
function isFileEntry(f: unknown): f is ManifestFile {
  if (!f || typeof f !== 'object') return false;
  const o = f as Record<string, unknown>;
  return isRunPath(o.path) && typeof o.sha256 === 'string' && typeof o.size === 'number' && typeof o.source_sha256 === 'string' && typeof o.generator === 'string' && typeof o.kind === 'string';
}

/**
 * The file entries of the month folder's previous manifest, by path. A missing or unreadable
 * manifest gives an empty map: everything is then produced again and compared with what is on
 * disk, so a damaged manifest costs time, never correctness. It is read under the one rule
 * (`readOwnFile`): a FIFO or device there is never opened (the run refuses it before it starts,
 * in makeMonthFolder; this only meets one swapped in since).
 */
export async function readPreviousFiles(monthDir: string, manifestPath: string): Promise<Map<string, ManifestFile>> {
  const map = new Map<string, ManifestFile>();
  let data: unknown;
  try {
    data = JSON.parse((await readOwnFile(manifestPath, { within: monthDir }))?.bytes.toString('utf8') ?? 'null');
  } catch {
    return map;
  }
  const files = (data as { files?: unknown })?.files;
  if (Array.isArray(files)) for (const f of files) if (isFileEntry(f)) map.set(f.path, f);
  return map;
}
