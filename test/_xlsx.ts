// SheetJS, the tests' workbook reader, as its ES module build (xlsx.mjs): test/vitest.config.ts
// sends every `from 'xlsx'` in test/ here. The package has no "exports", so Node loads its
// CommonJS main (xlsx.js) instead, which builds the codepage tables (dist/cpexcel.js) as it loads
// and which Node's ESM loader scans for its export names: 0.45-0.54 s of CPU in each test worker,
// against 0.06-0.08 s for xlsx.mjs (a node process importing either, three runs each). The two
// builds are one SheetJS 0.18.5 with the same exports (xlsx.mjs adds set_fs and set_cptable).
// The tables only serve legacy formats (XLS, XML 2003, plain text read with a `codepage` option);
// every read here is of an XLSX file or of CSV text without one, where SheetJS never uses them.
import * as fs from 'node:fs';
import { set_fs } from 'xlsx/xlsx.mjs';

// The CommonJS build finds `fs` itself; this one is handed it, so readFile works the same.
set_fs(fs);

export * from 'xlsx/xlsx.mjs';
