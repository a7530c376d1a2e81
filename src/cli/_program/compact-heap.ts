import { setFlagsFromString } from 'node:v8';
import type { CommandIO } from './command.js';

/**
 * Old space may grow by 30 % after a full collection (V8's own factor reaches about 3x under a
 * high allocation rate), and new space keeps its initial size instead of doubling up to 16 MB
 * per semi-space.
 */
const FLAGS = ['--heap-growing-percent=30', '--semi-space-growth-factor=1'];
/** V8 majors given the flags: measured on 11.3 (Node 20); both are still defined in recent V8 sources (12-14: Node 22-25), not run here. */
const KNOWN_V8 = [11, 14] as const;

/**
 * Keeps the heap of a long or large run near what it holds. `svc month-end` and `svc report
 * cost` allocate briskly (responses, PDFs, workbook XML) while keeping little (about 25 MB live
 * at 1,000 organizations; a 17 MB key store for 100,000 keys), and V8's defaults let the heap
 * grow to several times that before collecting. Measured with `npm run bench` on this 2-core
 * machine: month end peak RSS 146 MB after 100 organizations and 231 MB after 1,000 before,
 * 129 and 136 MB after, in the same time (22-26 s, noise dominated); the 100,000-key cost
 * workbook 189 MB before, 144 MB after. Only the bin does this, in a process of its own
 * (`io.ownsProcess`): a program that embeds the library or runs commands in its process keeps
 * its own V8 settings (it can start node with these flags). The flags are process-wide and stay:
 * in a test runner's worker they made every later test collect more (12 s of CPU in a suite).
 */
export function keepHeapCompact(io: Pick<CommandIO, 'ownsProcess'>): void {
  if (io.ownsProcess !== true) return;
  // V8 prints "unrecognized flag" on stderr (it cannot be caught) for a flag it no longer has:
  // only the V8 versions known to have both (Node 20 to 25) get them.
  const major = Number(process.versions.v8.split('.')[0]);
  if (!(major >= KNOWN_V8[0] && major <= KNOWN_V8[1])) return;
  try {
    for (const flag of FLAGS) setFlagsFromString(flag);
  } catch {
    // A runtime that refuses a flag runs with its defaults: more memory, same results.
  }
}
