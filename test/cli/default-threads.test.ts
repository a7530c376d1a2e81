// How many worker threads `svc month-end` uses when --threads is not given (issue 42): none for a
// small run or on one or two cores, else one fewer than the cores, at most four. The run prints its
// choice (test/runner/month-end.cli.test.ts reads that line).
import { describe, expect, it } from 'vitest';
import { defaultThreads, THREADS_FROM_ORGANIZATIONS } from '../../src/cli/month-end/_default-threads.js';

describe('the default number of worker threads', () => {
  it('is none below 100 organizations, whatever the machine', () => {
    expect(THREADS_FROM_ORGANIZATIONS).toBe(100);
    for (const cores of [1, 2, 8, 64]) expect(defaultThreads(99, cores)).toBe(0);
  });

  it('from 100 organizations: one fewer than the cores, at most four; none on one or two cores', () => {
    expect(defaultThreads(100, 1)).toBe(0);
    expect(defaultThreads(1000, 2)).toBe(0);
    expect(defaultThreads(1000, 3)).toBe(2);
    expect(defaultThreads(1000, 5)).toBe(4);
    expect(defaultThreads(5000, 64)).toBe(4);
  });
});
