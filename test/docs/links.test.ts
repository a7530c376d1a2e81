// The README and the part pages link to each other and to the code (issue 14, "Habits that keep it
// healthy": one page per part). Every relative link must name a file or folder that exists, and
// every #anchor a heading of the page it points to, with GitHub's heading ids.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'tmp', 'out', 'svc-demo']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id of a heading: lower case, punctuation other than - and _ dropped, spaces to hyphens. */
function headingId(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '');
  return text.trim().replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = headingId(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** The broken relative links of one page, as `target: why`. */
function brokenLinks(file: string, markdown: string, read: (path: string) => string = (p) => readFileSync(p, 'utf8')): string[] {
  const broken: string[] = [];
  for (const m of prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!existsSync(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
      broken.push(`${target}: an anchor into a file that is not Markdown`);
    } else if (!anchorsOf(resolved === file ? markdown : read(resolved)).has(anchor)) {
      broken.push(`${target}: no heading with id "${anchor}"`);
    }
  }
  return broken;
}

describe('Markdown links', () => {
  const files = markdownFiles(ROOT);

  test('the README and a page per part are found', () => {
    const names = files.map((f) => relative(ROOT, f));
    expect(names).toContain('README.md');
    expect(names).toContain('bench/README.md');
    expect(names).toContain(join('src', 'runner', 'README.md'));
  });

  test.each(files.map((f) => [relative(ROOT, f), f] as const))('%s: every relative link and anchor resolves', (_name, file) => {
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  test('the check finds a missing file, a missing heading and ignores code', () => {
    const page = join(ROOT, 'README.md');
    const text = [
      '# Title (`x`)',
      '[ok](#title-x) [gone](no/such/file.md) [bad anchor](bench/README.md#no-such-heading)',
      '[web](https://example.com) `[not a link](nowhere.md)`',
      '```md',
      '[also not a link](nowhere.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(page, text)).toEqual([
      'no/such/file.md: no such file',
      'bench/README.md#no-such-heading: no heading with id "no-such-heading"',
    ]);
  });
});
