// Node module hooks for the pseudo-terminal tests: run src/**/*.ts directly (Node 20 cannot),
// by mapping `.js` imports to their `.ts` file and transpiling it with TypeScript. Tests only.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, next) {
  if (/^(\.|\/|file:)/.test(specifier) && specifier.endsWith('.js')) {
    const url = specifier.startsWith('/') ? new URL('file://' + specifier) : new URL(specifier, context.parentURL);
    const tsUrl = new URL(url.href.replace(/\.js$/, '.ts'));
    if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(tsUrl))) return { url: tsUrl.href, shortCircuit: true, format: 'module' };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
