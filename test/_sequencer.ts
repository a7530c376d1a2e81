import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first, as measured in full runs on the 2-core machine
 * (bench/README.md, "The test suite"; the list of 2026-12-06). Vitest starts the files it has timings for longest first,
 * but a fresh clone (CI, a newcomer) has none, and then it starts the largest files first: small
 * files that wait on LibreOffice, Java, Chromium or a race of month ends would start last and
 * leave the other workers idle at the end. A file named here that is gone is ignored.
 */
const SLOWEST_FIRST: readonly string[] = [
  'test/queue/month-end-queue.test.ts',
  'test/einvoice/peppol-rules.test.ts',
  'test/report/print.test.ts',
  'test/runner/front-page.browser.test.ts',
  'test/report/libreoffice.test.ts',
  'test/runner/month-end.cli.test.ts',
  'test/queue/retries-and-rate.test.ts',
  'test/queue/dead-redis.test.ts',
  'test/queue/lazy-load.test.ts',
  'test/invoice/pdfa.test.ts',
  'test/verify/verify.test.ts',
  'test/cli/stdout-errors.test.ts',
  'test/runner/books.server.test.ts',
  'test/api/embedder.test.ts',
  'test/queue/peers-missing.test.ts',
  'test/queue/redis-database.test.ts',
  'test/queue/operator-mistakes.test.ts',
  'test/cli/timeout.test.ts',
  'test/server/strict-http.test.ts',
  'test/server/serve-processes.test.ts',
  'test/core/lock.test.ts',
];

/** Vitest's own order when it has timings; else the files above first, then vitest's order. */
export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const key = (f: TestSpecification): string => relative(root, f.moduleId);
    if (sorted.some((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${key(f)}`))) return sorted;
    const rank = (f: TestSpecification): number => {
      const i = SLOWEST_FIRST.indexOf(key(f));
      return i < 0 ? SLOWEST_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
