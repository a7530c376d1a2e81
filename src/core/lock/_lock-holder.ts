import { readOwnFile } from '../own-file.js';
import { hostname } from 'node:os';
import { now, systemClock } from '../clock.js';

/** What a lock file says about the process holding it; every field may be missing (an older svc wrote only the pid, or nothing yet). */
export interface LockHolder {
  pid?: number | undefined;
  host?: string | undefined;
  /** ISO time the holder took the lock. */
  started?: string | undefined;
}

/** The lock file's text for this process: one JSON line, written before the file gets the lock's name. */
export function holderRecord(): string {
  return `${JSON.stringify({ pid: process.pid, host: hostname(), started: now().toISOString() })}\n`;
}

/** Reads a lock file's text: our JSON line, or a bare pid (what svc wrote before the lock moved to core), or nothing usable. */
export function parseHolder(text: string): LockHolder {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return validPid(Number(trimmed)) ? { pid: Number(trimmed) } : {};
  try {
    const v = JSON.parse(trimmed) as Record<string, unknown>;
    return {
      pid: typeof v.pid === 'number' && validPid(v.pid) ? v.pid : undefined,
      host: typeof v.host === 'string' ? v.host : undefined,
      started: typeof v.started === 'string' ? v.started : undefined,
    };
  } catch {
    return {};
  }
}

function validPid(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file with no readable pid is held this long before it counts as left behind (an older svc wrote the pid after creating the file). */
export const UNREADABLE_LOCK_MS = 30_000;

export type LockState = { state: 'gone' } | { state: 'held' | 'stale'; holder: LockHolder };

/**
 * Whether the lock at `path` is still held. Held: by a live process on this host; by any process
 * on another host (its pid cannot be checked from here); or, with no readable pid, while younger
 * than UNREADABLE_LOCK_MS. Our own pid held by a lock older than this process was left by an
 * earlier process that had the pid (a container's pid 1 restarted). `staleAfterMs` makes any
 * lock older than that stale, for locks held only milliseconds whose pid may since be reused.
 * @throws OutputPathError when something other than a regular file has the lock's name
 */
export async function inspectLock(path: string, staleAfterMs: number | undefined): Promise<LockState> {
  // Under the one rule: a FIFO, device or link planted at the lock's name is refused by name, never opened.
  const read = await readOwnFile(path, { use: 'lock' });
  if (!read) return { state: 'gone' };
  const text = read.bytes.toString('utf8');
  const mtimeMs = read.stats.mtimeMs;
  const holder = parseHolder(text);
  // The file system stamps mtime by the machine's clock, so its age is measured by the same clock.
  const age = systemClock.now().getTime() - mtimeMs;
  const held = (() => {
    if (staleAfterMs !== undefined && age > staleAfterMs) return false;
    if (holder.pid === undefined) return age < UNREADABLE_LOCK_MS;
    if (holder.host !== undefined && holder.host !== hostname()) return true;
    if (holder.pid === process.pid) return mtimeMs >= performance.timeOrigin;
    return alive(holder.pid);
  })();
  return { state: held ? 'held' : 'stale', holder };
}
