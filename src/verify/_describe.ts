import { around } from './_paths.js';
import { zipEntries } from './_zip-entries.js';

const TEXT = /\.(json|xml|md|html|txt)$/;

function firstDifference(a: Buffer | string, b: Buffer | string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

/** The first line that differs between two texts: its number and both versions around the difference. */
export function lineDifference(found: string, expected: string): string {
  const at = firstDifference(found, expected);
  const line = found.slice(0, at).split('\n').length;
  const start = found.lastIndexOf('\n', at - 1) + 1;
  const lineOf = (text: string) => text.slice(start, text.indexOf('\n', start) === -1 ? undefined : text.indexOf('\n', start));
  const col = at - start;
  return `line ${line} reads "${around(lineOf(found), col)}" where the re-derived one reads "${around(lineOf(expected), col)}"`;
}

// Sheet names of a workbook's parts: xl/workbook.xml names each sheet's relationship, the rels its part.
function sheetNames(entries: Map<string, Buffer>): Map<string, string> {
  const names = new Map<string, string>();
  const book = entries.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = entries.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  for (const m of book.matchAll(/<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]*)"/g)) {
    const target = new RegExp(`<Relationship\\b[^>]*?Id="${m[2]}"[^>]*?Target="([^"]*)"`).exec(rels)?.[1] ?? new RegExp(`<Relationship\\b[^>]*?Target="([^"]*)"[^>]*?Id="${m[2]}"`).exec(rels)?.[1];
    if (target) names.set(`xl/${target.replace(/^\/?xl\//, '')}`, m[1]!);
  }
  return names;
}

function workbookDifference(found: Buffer, expected: Buffer): string | undefined {
  const a = zipEntries(found);
  const b = zipEntries(expected);
  if (!a || !b) return undefined;
  const parts = [...new Set([...a.keys(), ...b.keys()])].filter((k) => !a.get(k)?.equals(b.get(k) ?? Buffer.alloc(0)) || !b.has(k));
  if (!parts.length) return 'the same parts, packed differently';
  const first = parts[0]!;
  const x = a.get(first)?.toString('utf8');
  const y = b.get(first)?.toString('utf8');
  let where = first;
  if (x !== undefined && y !== undefined) {
    const at = firstDifference(x, y);
    const cell = /<c r="([A-Z]+\d+)"/g;
    let ref: string | undefined;
    for (const m of x.slice(0, at).matchAll(cell)) ref = m[1];
    const sheet = sheetNames(a).get(first);
    if (sheet !== undefined) where = `sheet "${sheet}" (${first})${ref ? `, cell ${ref}` : ''}`;
    else where = `${first}: "${around(x, at, 60)}" where the re-derived one has "${around(y, at, 60)}"`;
  } else where = `${first} ${x === undefined ? 'is missing' : 'is extra'}`;
  return `${where}${parts.length > 1 ? ` (and ${parts.length - 1} more part${parts.length > 2 ? 's' : ''})` : ''}`;
}

/** What differs between a file as found and as re-derived, in a few words a person can act on. */
export function describeDifference(path: string, found: Buffer, expected: Buffer): string {
  if (path.endsWith('.xlsx')) {
    const parts = workbookDifference(found, expected);
    if (parts) return `differs from the workbook re-derived from the kept answers: ${parts}`;
  }
  if (TEXT.test(path)) return `differs from the one re-derived from the kept answers: ${lineDifference(found.toString('utf8'), expected.toString('utf8'))}`;
  const what = path.endsWith('.pdf') ? 'PDF' : 'file';
  return `differs from the ${what} re-derived from the kept answers (${found.length} bytes, re-derived ${expected.length}; first difference at byte ${firstDifference(found, expected)})`;
}
