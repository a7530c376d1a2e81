import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { OutputPathError } from '../../core/index.js';
import { outputTarget } from '../../core/index.js';
import { UsageError } from '../_program/usage-error.js';

/** `-o -` writes to stdout instead of a file. */
export const STDOUT = '-';

function flagError(flag: string, value: string, e: OutputPathError): UsageError {
  if (e.kind === 'a folder') return new UsageError(`${flag} ${value} is a folder; give a file name inside it`);
  return new UsageError(`${flag} ${value} is ${e.kind}, not a regular file; give a file name, or ${flag} - to write to stdout`);
}

/**
 * The file an output flag names, resolved against `cwd`, refused before any work when it exists
 * and is not a regular file (a folder, FIFO, device: the writer never replaces those).
 * @throws UsageError naming the flag
 */
export async function checkOutputFile(flag: string, value: string, cwd: string): Promise<string> {
  const path = resolve(cwd, value);
  await withOutputFlag(flag, value, () => outputTarget(path));
  return path;
}

/**
 * The folder an output flag names (`--out DIR`), resolved against `cwd`: refused before any work
 * when it exists and is not a folder; a missing one is made later by the writer.
 * @throws UsageError naming the flag
 */
export async function checkOutputFolder(flag: string, value: string, cwd: string): Promise<string> {
  const path = resolve(cwd, value);
  const existing = await stat(path).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new UsageError(`${flag} ${value}: it exists and is not a folder; give a folder (made when missing)`);
  return path;
}

/** Runs a write; a path the writer refuses (made since the check) is still a usage error naming the flag. */
export async function withOutputFlag<T>(flag: string, value: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof OutputPathError) throw flagError(flag, value, e);
    throw e;
  }
}
