// The package as a backend developer installs it (issue 28, "Docs and samples travel"): the
// files `npm pack` puts in its tarball (npm's own file list, _packed.ts), laid out as the
// tarball unpacks into a project's node_modules beside the installed dependencies. Every relative link of its Markdown pages (the README and the pages it reaches)
// names a file in the tarball; every source map's sources are in it; and the README's "Embed it"
// example, taken from the README as written, runs there and writes a PDF and an e-invoice that
// readers not written here (pdfjs-dist, xmldom) read back.
import { execFile } from 'node:child_process';
import { copyFile, link, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../_pdf-text.js';
import { packedFiles } from './_packed.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let tmp: string;
let packed: Set<string>;
let project: string;
let pkgDir: string;

/** The text outside fenced code blocks and inline code, where a link is a link (as links.test.ts reads it). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The relative link targets of a page (no URL, no page-own #anchor), without their anchors. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => t !== '' && !t.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(t))
    .map((t) => decodeURIComponent(t.split('#')[0]!));
}

/** True when `path` (relative to the package) is a packed file or a folder holding one. */
function inPackage(path: string): boolean {
  const p = normalize(path).replace(/\/$/, '');
  return packed.has(p) || [...packed].some((f) => f.startsWith(`${p}/`));
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-embed-'));
  // The files npm pack puts in the tarball (its own file list, _packed.ts), at the paths the
  // tarball unpacks them to: hard links (copies across file systems) of the files as they are,
  // which is what the tarball holds. Not `npm pack` itself: its tar and gzip were half its 5 s.
  packed = new Set(await packedFiles(ROOT));
  project = join(tmp, 'project');
  pkgDir = join(project, 'node_modules', 'svc-reporting');
  for (const dir of new Set([...packed].map((f) => dirname(join(pkgDir, f))))) await mkdir(dir, { recursive: true });
  await Promise.all([...packed].map((f) => link(join(ROOT, f), join(pkgDir, f)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EXDEV') throw err;
    return copyFile(join(ROOT, f), join(pkgDir, f));
  })));
  // The dependencies as npm installs them beside it (links to the ones installed here).
  for (const name of await readdir(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) await symlink(join(ROOT, 'node_modules', name), join(project, 'node_modules', name));
  }
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'billing-backend', private: true, type: 'module' }));
}, 180_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the packed package', () => {
  test('ships the README, the part pages, the samples, and no test', () => {
    for (const f of ['README.md', 'src/runner/README.md', 'src/queue/README.md', 'src/einvoice/README.md', 'samples/invoices/nordlys-2026-10.json', 'dist/index.js', 'dist/schemas.js', 'dist/queue.js']) {
      expect(packed.has(f), f).toBe(true);
    }
    expect([...packed].filter((f) => f.startsWith('test/') || f.startsWith('node_modules/'))).toEqual([]);
  });

  test('every relative link of the README, and of every page it reaches, resolves inside the package', async () => {
    const seen = new Set<string>();
    const broken: string[] = [];
    const queue = ['README.md'];
    while (queue.length) {
      const page = queue.shift()!;
      if (seen.has(page)) continue;
      seen.add(page);
      for (const link of relativeLinks(await readFile(join(pkgDir, page), 'utf8'))) {
        const target = normalize(join(dirname(page), link));
        if (!inPackage(target)) broken.push(`${page}: ${link}`);
        else if (target.endsWith('.md')) queue.push(target);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });

  test('every source map names sources that are in the package', async () => {
    const maps = [...packed].filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const map of maps) {
      const { sources } = JSON.parse(await readFile(join(pkgDir, map), 'utf8')) as { sources: string[] };
      for (const s of sources) if (!packed.has(normalize(join(dirname(map), s)))) missing.push(`${map}: ${s}`);
    }
    expect(missing).toEqual([]);
  });

  test('the samples resolve by the package name (svc-reporting/samples/*)', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('svc-reporting/samples/invoices/nordlys-2026-10.json'))"], { cwd: project });
    expect(fileURLToPath(stdout.trim())).toBe(join(pkgDir, 'samples/invoices/nordlys-2026-10.json'));
  });

  test('the scripts that made the samples are not the package\'s: importing one by the package name is refused', async () => {
    const resolve = "try { import.meta.resolve('svc-reporting/samples/build-usage.mjs'); console.log('resolved') } catch (e) { console.log(e.code) }";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', resolve], { cwd: project });
    expect(stdout.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  test('require() is refused as the README says (an ES module package with an import entry only)', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=commonjs', '-e', "try { require('svc-reporting'); console.log('loaded') } catch (e) { console.log(e.code) }"], { cwd: project });
    expect(stdout.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  test('the README\'s "Embed it" example runs as written and writes the sample\'s PDF and e-invoice', async () => {
    const readme = await readFile(join(pkgDir, 'README.md'), 'utf8');
    const section = /^## Embed it\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const code = /^```js\n([\s\S]*?)^```/m.exec(section)?.[1];
    expect(code).toBeDefined();
    expect(code!.split('\n').filter(Boolean).length).toBeLessThanOrEqual(10);
    await writeFile(join(project, 'render.mjs'), code!);
    const { stdout } = await run(process.execPath, ['render.mjs'], { cwd: project });
    // The figures come from the sample record itself.
    const record = JSON.parse(await readFile(join(ROOT, 'samples/invoices/nordlys-2026-10.json'), 'utf8')) as { invoice_number: string; total_cents: number };
    const n = record.invoice_number;
    expect(stdout.trim()).toBe(`wrote ${n}.pdf and ${n}.xml`);
    const pdf = await readFile(join(project, `${n}.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(pdf)).text).toContain(n);
    const xml = new DOMParser().parseFromString(await readFile(join(project, `${n}.xml`), 'utf8'), 'text/xml');
    const ids = xml.getElementsByTagName('cbc:ID');
    expect(ids[0]?.textContent).toBe(n);
    const payable = xml.getElementsByTagName('cbc:PayableAmount')[0]?.textContent;
    expect(payable).toBe((record.total_cents / 100).toFixed(2));
  }, 120_000);
});
