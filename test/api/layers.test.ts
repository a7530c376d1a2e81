// The folder layering of DESIGN.md, kept by a test (issue 28, "Layers that hold"): every import
// and `export … from` under src/ (static and dynamic, read with the TypeScript compiler's own
// pre-processor, so a specifier in a comment or a string is not taken for one) runs down the
// layers below, never up; the folders' graph has no cycle; no folder reaches into another's
// `_` files (or `_` folders); and an import from one folder into another goes through that folder's
// entry (issue 41): its index.ts, or the index.ts of a part that loads on its own, as src/README.md's
// table of entries names it. src/README.md draws the same layers and lists the entries.
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
  verify: [...BASE, 'client', 'vat', 'check', 'einvoice', 'invoice', 'report', 'runner'],
  server: [...BASE, 'vat', 'check', 'einvoice', 'invoice'],
  cli: [...BASE, 'client', 'vat', 'check', 'einvoice', 'invoice', 'report', 'runner', 'queue', 'verify', 'server'],
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

/** True when `path` (under src/) is its folder's index.ts or one of the part entries named (`runner/unit/index.ts`). */
function isEntry(path: string, partEntries: ReadonlySet<string>): boolean {
  return path === `${folderOf(path)}/index.ts` || partEntries.has(path);
}

/**
 * Every layering problem of a set of sources, keyed by path under src/ (`a/b.ts`); `partEntries` are
 * the parts' entries besides each folder's index.ts (src/README.md's table of entries).
 */
export function findViolations(sources: ReadonlyMap<string, string>, partEntries: ReadonlySet<string> = new Set()): Violation[] {
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
      if (to !== 'version' && !isPrivate(target) && !isEntry(target, partEntries)) {
        found.push({ file, target, problem: `imports ${to}'s file past its entries (${to}/index.ts, or a part's index.ts src/README.md names)` });
      }
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

/**
 * The parts' entries src/README.md names, from its table of entries: a row `| runner/ | … |` names each
 * entry in backquotes (`index.ts`, `unit/index.ts`); a part's entry is `runner/unit/index.ts`.
 */
export function partEntriesOf(readme: string): Set<string> {
  const entries = new Set<string>();
  for (const row of readme.matchAll(/^\| `?([a-z]+)\/`? \|(.*)\|\s*$/gm)) {
    for (const named of row[2]!.matchAll(/`([a-z-]+(?:\/[a-z-]+)*)\/index\.ts`/g)) entries.add(`${row[1]}/${named[1]}/index.ts`);
  }
  return entries;
}

describe('the layers of src/', () => {
  const sources = sourcesUnder(SRC);
  const readme = readFileSync(join(SRC, 'README.md'), 'utf8');
  const partEntries = partEntriesOf(readme);

  test('every import runs down the layers, between folders without a cycle, never into another folder\'s _ files', () => {
    expect(sources.size).toBeGreaterThan(300);
    expect(findViolations(sources, partEntries).map((v) => `${v.file} → ${v.target}: ${v.problem}`)).toEqual([]);
  });

  test('every part entry src/README.md names is a file, and its folder\'s README names it too where the folder has one', () => {
    expect(partEntries.size).toBeGreaterThan(10);
    for (const entry of partEntries) {
      expect(sources.has(entry), entry).toBe(true);
      const folder = entry.split('/')[0]!;
      let own: string;
      try {
        own = readFileSync(join(SRC, folder, 'README.md'), 'utf8');
      } catch {
        continue;
      }
      expect(own, `src/${folder}/README.md names ${entry}`).toContain(entry.slice(folder.length + 1));
    }
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

  test('the checker finds an import past a folder\'s entries, and lets one through an entry or a named part\'s entry', () => {
    const sources = new Map([
      ['queue/a.ts', "import { MonthRun } from '../runner/run/month-run.js';"],
      ['queue/b.ts', "import type { Manifest } from '../runner/manifest/manifest.js';"],
      ['cli/c.ts', "const { startQueueWorker } = await import('../queue/worker/worker.js');"],
      ['queue/d.ts', "import { runUnit } from '../runner/unit/index.js';"],
      ['queue/e.ts', "import { sha256 } from '../runner/index.js';"],
      ['cli/f.ts', "export { thing } from '../runner/stray/index.js';"],
      ['cli/g.ts', "import { VERSION } from '../version.js';"],
      ['runner/h.ts', "import { x } from './unit/org-unit.js';"],
    ]);
    const problems = findViolations(sources, new Set(['runner/unit/index.ts'])).map((v) => `${v.file}: ${v.problem}`);
    const past = (file: string, to: string) => `${file}: imports ${to}'s file past its entries (${to}/index.ts, or a part's index.ts src/README.md names)`;
    expect(problems).toEqual([past('queue/a.ts', 'runner'), past('queue/b.ts', 'runner'), past('cli/c.ts', 'queue'), past('cli/f.ts', 'runner')]);
    // The same part entry, not named, is refused too.
    expect(findViolations(new Map([['queue/d.ts', "import { runUnit } from '../runner/unit/index.js';"]]))).toHaveLength(1);
  });

  test('the table of entries is read as src/README.md writes it', () => {
    const table = '| folder | entries |\n|---|---|\n| `runner/` | `index.ts` (the light whole), `unit/index.ts`, `pages/index.ts` |\n| client/ | `index.ts`, `errors/index.ts` |\nnot a row `x/index.ts`\n';
    expect([...partEntriesOf(table)].sort()).toEqual(['client/errors/index.ts', 'runner/pages/index.ts', 'runner/unit/index.ts']);
  });
});
