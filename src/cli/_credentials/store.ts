import { chmod, stat } from 'node:fs/promises';
import { makeFolder } from '../../core/index.js';
import { formatPath } from '../../model/parse/index.js';
import { writeFileAtomic } from '../../core/index.js';
import { OutputPathError } from '../../core/index.js';
import { readOwnFile } from '../../core/index.js';
import { credentialsPath } from './config-dir.js';
import { CorruptCredentialsError } from './corrupt-credentials-error.js';
import { InsecureConfigDirError } from './insecure-config-dir-error.js';
import { InsecureCredentialsError } from './insecure-credentials-error.js';
import { withFileLock } from './lock.js';
import { CredentialsSchema, emptyCredentials, profileOf, withNameTables, type Credentials } from './schema.js';
import { jsonProblem } from '../../core/json/index.js';

const POSIX_PERMISSIONS = process.platform !== 'win32';

/**
 * Checks the config folder on Linux and macOS: one others can write is refused (they could
 * rename their own file over ours). One others can only read is left as it is: a folder this
 * program did not create is never re-moded (SVC_CONFIG_DIR=/proc once had /proc chmodded), and
 * the file in it is 0600 whatever the folder. Returns false when the folder is missing.
 */
async function checkFolder(dir: string): Promise<boolean> {
  let mode: number;
  try {
    const st = await stat(dir);
    if (!st.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, stat '${dir}'`), { code: 'ENOTDIR', syscall: 'stat', path: dir });
    mode = st.mode;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  if (!POSIX_PERMISSIONS) return true;
  if ((mode & 0o022) !== 0) throw new InsecureConfigDirError(dir, mode);
  return true;
}

/**
 * Reads the saved keys from `dir`; a missing file is an empty store.
 * @throws InsecureConfigDirError when others may write the folder (Linux, macOS)
 * @throws InsecureCredentialsError when others may read the file (Linux, macOS)
 * @throws CorruptCredentialsError when it is not valid JSON of the expected shape
 */
export async function loadCredentials(dir: string): Promise<Credentials> {
  if (!(await checkFolder(dir))) return emptyCredentials();
  const path = credentialsPath(dir);
  let text: string;
  try {
    // The one rule (core/own-file): only a regular file is opened (a link to one is followed: a
    // credentials.json kept in a dotfiles repository); a FIFO, device or folder is refused unopened.
    const read = await readOwnFile(path, { followLink: true });
    if (!read) return emptyCredentials();
    if (POSIX_PERMISSIONS && (read.stats.mode & 0o077) !== 0) throw new InsecureCredentialsError(path, read.stats.mode);
    text = read.bytes.toString('utf8');
  } catch (e) {
    if (e instanceof OutputPathError) throw new CorruptCredentialsError(path, 'not a regular file (a pipe, device or folder is never read)');
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CorruptCredentialsError(path, jsonProblem(text, e));
  }
  const parsed = CredentialsSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CorruptCredentialsError(path, `field ${formatPath(issue.path)}: ${issue.message}`);
  }
  const credentials = withNameTables(parsed.data);
  if (credentials.default !== null && !profileOf(credentials, credentials.default)) {
    throw new CorruptCredentialsError(path, `field default: names "${credentials.default}", which is not in profiles`);
  }
  return credentials;
}

/**
 * Saves the keys: folder 0700 and file 0600 on Linux and macOS, written atomically (temp file,
 * fsync, rename), so a crash leaves the old file or the new one, never half of either.
 * Prefer `updateCredentials`, which also keeps concurrent writers from losing each other's change.
 */
export async function saveCredentials(dir: string, credentials: Credentials): Promise<void> {
  CredentialsSchema.parse(credentials);
  if (!(await checkFolder(dir))) await makeFolder(dir, 0o700);
  const path = credentialsPath(dir);
  await writeFileAtomic(path, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600, mkdir: false });
  // The temp file was created 0600 already; this guards against an odd umask-free filesystem.
  if (POSIX_PERMISSIONS) await chmod(path, 0o600);
}

/**
 * Read-modify-write under `credentials.json.lock`: `change` gets the file as it is now (not as
 * it was when the command started) and returns the new content, or undefined to leave it as is.
 */
export async function updateCredentials(dir: string, change: (current: Credentials) => Credentials | undefined): Promise<Credentials> {
  if (!(await checkFolder(dir))) await makeFolder(dir, 0o700);
  return withFileLock(credentialsPath(dir), async () => {
    const current = await loadCredentials(dir);
    const next = change(current);
    if (next === undefined) return current;
    await saveCredentials(dir, next);
    return next;
  });
}
