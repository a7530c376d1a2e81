import { setFlagsFromString } from 'node:v8';
import type { CommandIO } from './command.js';

/** What a long-running command mostly does, which decides how far its heap may grow. */
export type RunWork = 'month-end' | 'cost-workbook';

/**
 * The heap: old space may grow by this share after a full collection (V8's own factor reaches
 * about 3x under a high allocation rate), and new space keeps its initial size instead of
 * doubling up to 16 MB per semi-space.
 *
 * `svc month-end` and `svc report cost` allocate briskly (responses, PDFs, workbook XML) while
 * keeping little (about 25-45 MB live at 1,000 organizations; a 17 MB key store for 100,000
 * keys), and V8's defaults let the heap grow to several times that before collecting. Measured
 * with `npm run bench` on a 2-core machine: month end peak RSS 146 MB after 100 organizations
 * and 231 MB after 1,000 with V8's defaults, 129 and 136 MB at 30 %; the 100,000-key cost
 * workbook 189 MB with V8's defaults, 144 MB at 30 % (its goal: under 150 MB).
 *
 * A month end (and a queue worker's or a verification's, the same work) takes 50 %: at 30 % a
 * run of 1,000 organizations made 85-95 full collections, each marking the whole live heap on
 * V8's helper threads. Measured on a quiet 2-core machine, five runs of each alternating, the
 * month folder on tmpfs (bench/README.md, issue 42): 23.4 s of CPU on average at 30 % against
 * 21.3 s at 50 %, peak RSS 154-157 MB against 183-185 MB (the goal: under 200 MB).
 */
const HEAP_GROWING_PERCENT: Record<RunWork, number> = { 'month-end': 50, 'cost-workbook': 30 };

function heapFlags(work: RunWork): string[] {
  return [`--heap-growing-percent=${HEAP_GROWING_PERCENT[work]}`, '--semi-space-growth-factor=1'];
}

/**
 * The optimizing compiler: a function is optimized when it has run twice as much bytecode as
 * V8's default asks (132,000 bytes against 67,584), and never on its first tick for being small.
 *
 * A month end runs about a thousand distinct functions for each organization, most of them a few
 * times; with V8's defaults they are optimized as soon as they are warm, and closures and
 * functions that meet each organization's new object shapes are optimized again and again
 * (about 2.3 TurboFan compiles an organization, still at the 1,000th). Those compiles took about
 * a fifth of a run's CPU on V8's helper threads. Measured on a 2-core machine, each build run
 * alternately (bench/README.md, issue 42): 300 organizations 19.2 → 16.7 s of CPU, 1,000
 * organizations 53.8 → 50.0 s; the main thread does a little more, the helpers much less.
 * Most of the compiling again was later found to be callbacks made per call, whose optimized
 * code V8 drops at each full collection; those hot in a month end are now loops or functions
 * made once (0.6 TurboFan compiles an organization at 1,000), and V8's default budget measured
 * again after that was still the dearer (300 organizations: 16.4 and 17.1 s against 14.7 and 15.0 s).
 */
const JIT_FLAGS = ['--interrupt-budget=132000', '--max-bytecode-size-for-early-opt=0'];

/** V8 majors given the heap flags: measured on 11.3 (Node 20); both are still defined in recent V8 sources (12-14: Node 22-25), not run here. */
const KNOWN_V8 = [11, 14] as const;
/**
 * V8 majors given the compiler flags: only the one measured (11: Node 20). V8 12 reworked its
 * tiering (Maglev between the interpreter and TurboFan), so the same numbers would mean
 * something else there, and a flag it no longer has would print an error.
 */
const JIT_V8 = 11;

/**
 * Sets V8's heap and compiler for a long run (`svc month-end`, `svc worker` and `svc verify` as
 * `month-end`, `svc report cost` as `cost-workbook`). Only the bin does this, in a process of its own
 * (`io.ownsProcess`): a program that embeds the library or runs commands in its process keeps
 * its own V8 settings (it can start node with these flags). The flags are process-wide and stay:
 * in a test runner's worker they made every later test collect more (12 s of CPU in a suite).
 */
export function setRunV8Flags(io: Pick<CommandIO, 'ownsProcess'>, work: RunWork): void {
  if (io.ownsProcess !== true) return;
  // V8 prints "unrecognized flag" on stderr (it cannot be caught) for a flag it no longer has:
  // only the V8 versions known to have them get them.
  const major = Number(process.versions.v8.split('.')[0]);
  if (!(major >= KNOWN_V8[0] && major <= KNOWN_V8[1])) return;
  try {
    for (const flag of major === JIT_V8 ? [...heapFlags(work), ...JIT_FLAGS] : heapFlags(work)) setFlagsFromString(flag);
  } catch {
    // A runtime that refuses a flag runs with its defaults: more memory and CPU, same results.
  }
}
