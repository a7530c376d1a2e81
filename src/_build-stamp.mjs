// Whether dist/ was built from the sources as they are: `node src/_build-stamp.mjs write` (the last
// step of `npm run build`) records one sha256 of every input of the build in dist/.build-stamp;
// `node src/_build-stamp.mjs check` exits 0 when that record matches the sources now, 1 otherwise.
//
// Why: `npm run prepare` (`check || build`) runs whenever npm installs this folder — `npm ci`, and
// `npx svc …` in the package's own folder, which installs the folder into npx's cache first. With a
// build that is already current, that install no longer spends ~14 s of CPU on tsc: the README's
// `npx svc demo` after `npm ci` starts in about a second. The test setup asks the same question.
// Plain JavaScript, not compiled: it must run before dist/ exists.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
// Everything tsc and the build's two steps read: the sources, the templates precompiled into
// dist/, the compiler's settings, and the locked versions of the compiler and the packages.
// (locales/ is read at run time, from the package, not built.)
const INPUTS = ['src', 'templates', 'tsconfig.json', 'package.json', 'package-lock.json'];

function filesOf(path) {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (e) {
    if (e.code === 'ENOTDIR') return [path];
    if (e.code === 'ENOENT') return [];
    throw e;
  }
  return entries.flatMap((d) => (d.isDirectory() ? filesOf(join(path, d.name)) : d.isFile() ? [join(path, d.name)] : []));
}

/** One sha256 over every input file's path and bytes, in a fixed order. */
function sourcesHash() {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((p) => filesOf(join(ROOT, p))).map((f) => relative(ROOT, f).split('\\').join('/')).sort();
  for (const f of files) {
    const bytes = readFileSync(join(ROOT, f));
    hash.update(`${f}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

function recorded() {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const command = process.argv[2];
if (command === 'write') writeFileSync(STAMP, sourcesHash() + '\n');
else if (command === 'check') process.exitCode = recorded() === sourcesHash() ? 0 : 1;
else {
  process.stderr.write('usage: node src/_build-stamp.mjs write|check\n');
  process.exitCode = 2;
}
