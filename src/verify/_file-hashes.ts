import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ManifestFile } from '../runner/manifest/index.js';
import type { VerifyDifference } from './report.js';

/** Files a run leaves in its month folder besides the ones its manifest lists: the lock of a run under way, a killed write's temp file. */
const NOT_LISTED = /^(\.svc-month-end\.lock.*|.*\.svc-tmp-.*)$/;

/** Where an operator's detached signature of the manifest goes (src/runner/README.md, "Where a signature goes"). */
const SIGNATURE = /^manifest\.json\.(sig|asc|minisig)$/;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(join(dir, entry.name), `${rel}/`)));
    else out.push(rel);
  }
  return out;
}

/**
 * Every file the manifest lists, checked on disk: there, a plain file (a symbolic link is never
 * read through), its size and its sha256 as listed. Also every file in the folder the manifest
 * does not list (an operator's signature of the manifest beside it is a note). Returns the sha256
 * of each listed file as found on disk.
 */
export async function checkFileHashes(monthDir: string, files: readonly ManifestFile[], differences: VerifyDifference[], notes: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const f of files) {
    const path = join(monthDir, f.path);
    const st = await lstat(path).catch((e: NodeJS.ErrnoException) => e);
    if (st instanceof Error) {
      differences.push({ file: f.path, what: st.code === 'ENOENT' || st.code === 'ENOTDIR' ? 'missing (the manifest lists it)' : `cannot be read (${st.code})` });
      continue;
    }
    if (st.isSymbolicLink() || !st.isFile()) {
      differences.push({ file: f.path, what: `${st.isSymbolicLink() ? 'a symbolic link' : 'not a file'} where the run wrote a file` });
      continue;
    }
    const sha = await sha256Of(path);
    found.set(f.path, sha);
    if (st.size !== f.size) differences.push({ file: f.path, what: `${st.size} bytes, the manifest says ${f.size}` });
    else if (sha !== f.sha256) differences.push({ file: f.path, what: `sha256 ${sha.slice(0, 16)}…, the manifest says ${f.sha256.slice(0, 16)}… (changed after the run)` });
  }
  const listed = new Set([...files.map((f) => f.path), 'manifest.json']);
  for (const rel of await filesUnder(monthDir)) {
    if (listed.has(rel) || NOT_LISTED.test(rel.slice(rel.lastIndexOf('/') + 1))) continue;
    if (SIGNATURE.test(rel)) notes.push(`${rel}: a detached signature of the manifest, not checked by svc (check it with the tool and public key that made it)`);
    else differences.push({ file: rel, what: 'not in the manifest (the run did not write it)' });
  }
  return found;
}
