// Build step (package.json `build`, after tsc): precompiles templates/**/*.hbs into
// dist/locale/_precompiled-templates.cjs, so a process that renders them loads only
// `handlebars/runtime` and compiles nothing (src/locale/translate.ts). The options are the ones
// translate.ts compiles with: `*.html.hbs` HTML-escaped (renderHtml), every other template
// noEscape (render); both strict. Each entry keeps its source: translate.ts uses a precompiled
// template only for exactly that text, and compiles any other at run time.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const Handlebars = createRequire(import.meta.url)('handlebars');
const root = fileURLToPath(new URL('..', import.meta.url));
const templates = join(root, 'templates');
const out = join(root, 'dist', 'locale', '_precompiled-templates.cjs');

const files = readdirSync(templates, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.hbs')).sort();
const entries = files.map((file) => {
  const source = readFileSync(join(templates, file), 'utf8');
  const html = file.endsWith('.html.hbs');
  const spec = Handlebars.precompile(source, html ? { strict: true } : { noEscape: true, strict: true });
  return `  ${JSON.stringify(file.replaceAll('\\', '/'))}: { html: ${html}, source: ${JSON.stringify(source)}, spec: ${spec} },`;
});
writeFileSync(out, `// Generated at build by scripts/precompile-templates.mjs from templates/**/*.hbs: do not edit.\n'use strict';\nmodule.exports = {\n${entries.join('\n')}\n};\n`);
