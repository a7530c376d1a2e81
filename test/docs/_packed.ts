// The files `npm pack` puts in the package's tarball, found by the code npm pack itself runs:
// npm's own copies of @npmcli/arborist and npm-packlist (pacote's DirFetcher calls
// packlist(tree) for `npm pack`), loaded from the npm running the tests. Measured on the
// 2-core machine: `npm pack` 5.0 s of CPU (`--dry-run` too: it builds the tarball in memory to
// report its size), the file list alone ~2.5 s; the rest is tar and gzip of ~6.7 MB that the
// tests only unpacked again.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** npm's own folder: from npm_execpath (set by `npm test` and `npx`), else the `npm` on PATH. */
function npmRoot(): string {
  const cli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath)
    ? process.env.npm_execpath
    : realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  // <npm>/bin/npm-cli.js
  return dirname(dirname(realpathSync(cli)));
}

type Packlist = (tree: unknown, o: { path: string }) => Promise<string[]>;
type ArboristClass = new (o: { path: string }) => { loadActual(): Promise<unknown> };

/** npm's own Arborist and npm-packlist, or undefined when this npm keeps them elsewhere. */
function npmInternals(): { Arborist: ArboristClass; packlist: Packlist } | undefined {
  try {
    const require = createRequire(join(npmRoot(), 'node_modules', '_'));
    return { Arborist: require('@npmcli/arborist') as ArboristClass, packlist: require('npm-packlist') as Packlist };
  } catch {
    return undefined;
  }
}

/**
 * The package-relative paths `npm pack` would put in the tarball of the package at `dir`. An npm
 * whose internals are not where this looks (another major) gets the same list the slow way, from
 * `npm pack --dry-run --json`, rather than a failing test.
 */
export async function packedFiles(dir: string): Promise<string[]> {
  const npm = npmInternals();
  if (npm) return npm.packlist(await new npm.Arborist({ path: dir }).loadActual(), { path: dir });
  const report = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Array<{ files: Array<{ path: string }> }>;
  return report[0]!.files.map((f) => f.path);
}
