// Builds bench/_libxlsxwriter.c against libxlsxwriter: the system's (Debian's libxlsxwriter-dev)
// when it is installed, else the library's source as the team's `fetch` tool left it in
// /work/.mirror/jmcnamara+libxlsxwriter (a git directory, never committed here), built once into
// the temp folder with its own Makefile (-O2 as upstream sets it) and linked statically.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MIRROR = process.env.LIBXLSXWRITER_GIT ?? '/work/.mirror/jmcnamara+libxlsxwriter/repo';

/** Compiles `source` to `bin`; returns a line saying which libxlsxwriter, or null when none could be had. */
export function buildLibxlsxwriterBench(source, bin) {
  const system = spawnSync('cc', ['-O2', source, '-lxlsxwriter', '-o', bin], { stdio: 'ignore' });
  if (system.status === 0) return 'the system library (libxlsxwriter-dev)';
  if (!existsSync(MIRROR)) return null;
  const git = (...a) => spawnSync('git', [`--git-dir=${MIRROR}`, ...a], { encoding: 'utf8' });
  const commit = git('rev-parse', 'HEAD').stdout?.trim();
  if (!commit) return null;
  const dir = join(tmpdir(), `svc-bench-libxlsxwriter-${commit.slice(0, 12)}`);
  const lib = join(dir, 'lib', 'libxlsxwriter.a');
  if (!existsSync(lib)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const unpacked = spawnSync('sh', ['-c', `git --git-dir="${MIRROR}" archive HEAD | tar -x -C "${dir}"`], { stdio: 'ignore' });
    const made = unpacked.status === 0 && spawnSync('make', ['-C', dir, '-j2'], { stdio: 'ignore' });
    if (!made || made.status !== 0 || !existsSync(lib)) return null;
  }
  const linked = spawnSync('cc', ['-O2', `-I${join(dir, 'include')}`, source, lib, '-lz', '-o', bin], { stdio: 'ignore' });
  return linked.status === 0 ? `built from source, commit ${commit.slice(0, 12)} (${MIRROR})` : null;
}
