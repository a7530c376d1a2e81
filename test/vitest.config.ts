import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './_sequencer.js';

// Kept under test/ so the package's top level stays as DESIGN.md fixes it; `npm test` names it.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: ROOT,
  // The tests import the package as it is built (dist/, which `npm ci` builds and the global setup
  // rebuilds when src/ is newer), loaded by Node itself: no second copy of src/ transformed beside
  // the dist/ that svcInProcess and the bin run, and what is tested is what is shipped.
  resolve: {
    alias: [
      { find: /^(?:\.\.\/)+src\/(.*)$/, replacement: `${ROOT}dist/$1` },
      // SheetJS's ES module build, and typescript through require: Node 20's ESM loader runs their
      // CommonJS builds at 0.45-0.54 s and 1.06-1.09 s of CPU a worker (test/_xlsx.ts, test/_typescript.ts).
      { find: /^xlsx$/, replacement: `${ROOT}test/_xlsx.ts` },
      { find: /^typescript$/, replacement: `${ROOT}test/_typescript.ts` },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/_global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Three test files at once on the 2-core machines the team and CI run on (vitest's default
    // there is one: cores - 1). Most slow files wait on children — LibreOffice, Java, Chromium,
    // redis-server, svc itself — so a third file fills that wait; measured in bench/README.md.
    maxWorkers: 3,
    // One module cache per worker, not per file: each file used to load and transform src/ and its
    // packages (pdf-lib, fonts, zod schemas) again — 422 s of "import" in a 783 s run, 119 s
    // without isolation (bench/README.md). No test mocks modules, stubs globals or sets
    // process.env; the two that fake Date restore it in a finally.
    isolate: false,
    server: { deps: { external: [/\/dist\//] } },
    // The slowest files first on a fresh clone too, where vitest has no timings of its own.
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
