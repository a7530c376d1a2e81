// The folder layering of DESIGN.md, kept by a test (issue 28, "Layers that hold"): every import
// and `export … from` under src/ (static and dynamic, read with the TypeScript compiler's own
// pre-processor, so a specifier in a comment or a string is not taken for one) runs down the
// layers below, never up; the folders' graph has no cycle; and no folder reaches into another's
// `_` files (or `_` folders). src/README.md draws the same layers.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * What each folder may import, besides itself. Lower layers first: core, version (the package's
 * version string), money, locale, model; then client; then the VAT decision and the invoice checks;
 * then the writers (einvoice below invoice: the PDF/A-3 carries the e-invoice's XML) and report
 * (which reads the VAT decision's DKK conversion of an invoice: vat/dkk-conversion.ts);
 * then runner; then queue; then cli. The server stands beside them: the reference server serves
 * records, and the service's own invoice PDF rendered as the service would, so it reads the
 * records and the renderer and nothing of client, report, runner, queue or cli.
 */
const BASE = ['core', 'version', 'money', 'locale', 'model'];
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  version: [],
  money: ['core'],
  locale: ['core', 'money'],
  model: ['core', 'money'],
  client: [...BASE],
  vat: [...BASE],
  check: [...BASE, 'vat'],
  einvoice: [...BASE, 'vat', 'check'],
  invoice: [...BASE, 'vat', 'check', 'einvoice'],
  report: [...BASE, 'client', 'vat'],
  runner: [...BASE, 'client', 'vat', 'check', 'einvoice', 'invoice', 'report'],
  queue: [...BASE, 'client', 'runner'],
  server: [...BASE, 'vat', 'check', 'einvoice', 'invoice'],
  cli: [...BASE, 'client', 'vat', 'check', 'einvoice', 'invoice', 'report', 'runner', 'queue', 'server'],
};
/** The package's entry points (src/*.ts but version.ts): they only re-export, never from a `_` file. */
const ENTRY = 'entry';

interface Violation {
  file: string;
  target: string;
  problem: string;
}

/** The folder a file under src/ belongs to: its first path part, `version`, or `entry` for the entry points. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length > 1) return parts[0]!;
  return path === 'version.ts' ? 'version' : ENTRY;
}

/** True when `path` (under src/) is inside a `_` file or `_` folder of its top folder. */
function isPrivate(path: string): boolean {
  return path.split('/').slice(1).some((part) => part.startsWith('_'));
}

/** The relative specifiers a source text imports or re-exports, dynamic `import('…')` included. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('.'));
}

/** Every layering problem of a set of sources, keyed by path under src/ (`a/b.ts`). */
export function findViolations(sources: ReadonlyMap<string, string>): Violation[] {
  const found: Violation[] = [];
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const from = folderOf(file);
    for (const spec of specifiersOf(text)) {
      const target = relative('/src', resolve('/src', dirname(file), spec)).replace(/\.js$/, '.ts');
      if (target.startsWith('..')) {
        found.push({ file, target: spec, problem: 'imports from outside src/' });
        continue;
      }
      const to = folderOf(target);
      if (to === from && from !== ENTRY) continue;
      if (isPrivate(target)) found.push({ file, target, problem: `imports ${to}'s private file` });
      if (to === ENTRY) {
        found.push({ file, target, problem: 'imports an entry point (they are the package surface, never a dependency)' });
        continue;
      }
      if (from === ENTRY) continue;
      const allowed = ALLOWED[from];
      if (!allowed) found.push({ file, target, problem: `${from}/ is not placed in the layers (add it to ALLOWED and to src/README.md)` });
      else if (!allowed.includes(to)) found.push({ file, target, problem: `${from} → ${to} runs against the layers` });
      const set = edges.get(from) ?? new Set();
      set.add(to);
      edges.set(from, set);
    }
  }
  // A cycle between folders, whatever ALLOWED says (the list could be edited into one).
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): void => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      const cycle = [...path.slice(path.indexOf(node)), node].join(' → ');
      found.push({ file: '(folders)', target: node, problem: `cycle ${cycle}` });
      return;
    }
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of edges.keys()) visit(node, []);
  return found;
}

function sourcesUnder(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourcesUnder(path, out);
    else if (name.endsWith('.ts')) out.set(relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('the layers of src/', () => {
  const sources = sourcesUnder(SRC);

  test('every import runs down the layers, between folders without a cycle, never into another folder\'s _ files', () => {
    expect(sources.size).toBeGreaterThan(300);
    expect(findViolations(sources).map((v) => `${v.file} → ${v.target}: ${v.problem}`)).toEqual([]);
  });

  test('every folder of src/ is placed in the layers', () => {
    const folders = readdirSync(SRC).filter((n) => statSync(join(SRC, n)).isDirectory()).sort();
    expect(folders).toEqual(Object.keys(ALLOWED).filter((f) => f !== 'version').sort());
  });

  test('src/README.md draws every folder', () => {
    const readme = readFileSync(join(SRC, 'README.md'), 'utf8');
    const diagram = /```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    for (const folder of Object.keys(ALLOWED).filter((f) => f !== 'version')) expect(diagram, folder).toMatch(new RegExp(`\\b${folder}/`));
  });

  // The checker itself is checked on made-up sources, so a test that passes proves something.
  test('the checker finds a backwards import, a private import, a cycle and an unplaced folder', () => {
    const bad = new Map([
      ['einvoice/x.ts', "import { renderInvoicePdf } from '../invoice/index.js';"],
      ['queue/y.ts', "import type { OrgRunContext } from '../runner/_org-run.js';"],
      ['cli/z.ts', "const m = await import('../runner/_lock.js');"],
      ['report/w.ts', "export { thing } from '../runner/index.js';"],
      ['runner/v.ts', "import '../report/index.js';"],
      ['extra/u.ts', "import '../core/index.js';"],
      ['index.ts', "export { a } from './client/_config.js';"],
      ['model/t.ts', "// import '../client/index.js'\nconst s = \"from '../client/index.js'\";"],
    ]);
    const problems = findViolations(bad).map((v) => `${v.file}: ${v.problem}`);
    expect(problems).toEqual(expect.arrayContaining([
      'einvoice/x.ts: einvoice → invoice runs against the layers',
      "queue/y.ts: imports runner's private file",
      "cli/z.ts: imports runner's private file",
      'report/w.ts: report → runner runs against the layers',
      'extra/u.ts: extra/ is not placed in the layers (add it to ALLOWED and to src/README.md)',
      "index.ts: imports client's private file",
    ]));
    expect(problems.some((p) => p.includes('cycle report → runner → report') || p.includes('cycle runner → report → runner'))).toBe(true);
    expect(problems.filter((p) => p.startsWith('model/'))).toEqual([]);
  });
});
