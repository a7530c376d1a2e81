import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function systemError(code: string, syscall: string, path: string, text: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), { code, syscall, path });
}

/**
 * Makes `dir` and any missing parents, one level at a time. Unlike `mkdir(dir, { recursive:
 * true })`, which loops forever where mkdir answers ENOENT under a parent that exists (in
 * `/proc/self`, for one), every failure is thrown: the system's error naming the folder.
 */
export async function makeFolder(dir: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    // Synchronous, and no error made for a missing folder: every file a run writes asks first
    // whether its folder is there, and a stat takes microseconds where the promise form is a trip
    // through libuv's thread pool (the same reasoning as refuseLinks' lstat).
    const st = statSync(at, { throwIfNoEntry: false });
    if (st) {
      if (!st.isDirectory()) throw systemError('ENOTDIR', 'mkdir', at, 'not a directory');
      break;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  // Synchronous too: a run makes two folders an organization, and mkdir(2) takes microseconds.
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, mode === undefined ? {} : { mode });
    } catch (e) {
      // Made by someone else meanwhile is as good as made here.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw e;
    }
  }
}
