// Build step, run as `node dist/locale/_write-precompiled.js` after tsc (npm run build):
// precompiles templates/**/*.hbs into dist/locale/_precompiled-templates.cjs, so a process that
// renders them loads only `handlebars/runtime` and compiles nothing (translate.ts). The options
// are the ones translate.ts compiles with: `*.html.hbs` HTML-escaped (renderHtml), every other
// template noEscape (render); both strict. Each entry keeps its source: translate.ts uses a
// precompiled template only for exactly that text, and compiles any other at run time.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type HandlebarsApi from 'handlebars';

const Handlebars = createRequire(import.meta.url)('handlebars') as typeof HandlebarsApi;
const templates = fileURLToPath(new URL('../../templates', import.meta.url));
const out = fileURLToPath(new URL('./_precompiled-templates.cjs', import.meta.url));

const files = readdirSync(templates, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.hbs'))
  .sort();
const entries = files.map((file) => {
  const source = readFileSync(join(templates, file), 'utf8');
  const html = file.endsWith('.html.hbs');
  const spec = Handlebars.precompile(source, html ? { strict: true } : { noEscape: true, strict: true });
  return `  ${JSON.stringify(file.replaceAll('\\', '/'))}: { html: ${html}, source: ${JSON.stringify(source)}, spec: ${String(spec)} },`;
});
writeFileSync(out, `// Generated at build by src/locale/_write-precompiled.ts from templates/**/*.hbs: do not edit.\n'use strict';\nmodule.exports = {\n${entries.join('\n')}\n};\n`);
