import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Kept under test/ so the package's top level stays as DESIGN.md fixes it; `npm test` names it.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/_global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
