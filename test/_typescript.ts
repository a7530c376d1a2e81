// The TypeScript compiler API for the tests that read the sources with it (test/api/exports and
// layers), through require: test/vitest.config.ts sends their `import ts from 'typescript'` here.
// typescript is one CommonJS file of about 9 MB; an import of it has Node's ESM loader scan that
// file for its export names first: 1.06-1.09 s of CPU against 0.29-0.31 s for a require (a node
// process loading only it, two runs each), in each worker that runs one of those files. The same
// module object either way (an import's default export is the require's module.exports).
import { createRequire } from 'node:module';

const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');

export default ts;
