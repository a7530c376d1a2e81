// bullmq and ioredis are optional peer dependencies (issue 28): an install without them runs
// everything but the queue, and `svc month-end --queue` or `svc worker` there is one line saying
// what to install, exit 2. The install is real, not a mocked import: the built package in a
// folder of its own whose node_modules holds every installed package but those two (each a link
// to the one installed here), so Node's own resolution finds neither. The same folder with them
// linked too is the control: there the same commands get past the check to Redis.
import { execFile } from 'node:child_process';
import { copyFile, link, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let tmp: string;
let config: string;
// The three installs, made once for the file (a test only runs the package in them, never changes it).
let without: string;
let withoutIoredis: string;
let withBoth: string;

/**
 * A folder's files at a second path: hard links, or copies where the temp folder is another file
 * system (EXDEV). fs.cp's checks per file cost 1.1 s of CPU for dist/ (1,400 files), links 0.18 s,
 * copyFile 0.34 s. Not a symbolic link to the folder: Node resolves a package from a file's real
 * path, so a symlinked dist/ would find the bullmq installed here; a hard link has no other path.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await mkdir(to, { recursive: true });
  for (const e of entries) if (e.isDirectory()) await mkdir(join(to, relative(from, e.parentPath), e.name), { recursive: true });
  await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => {
    const [src, dest] = [join(e.parentPath, e.name), join(to, relative(from, e.parentPath), e.name)];
    await link(src, dest).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EXDEV') throw err;
      return copyFile(src, dest);
    });
  }));
}

/** A package folder with the built package and links to the installed packages but `without`. */
async function install(name: string, without: string[]): Promise<string> {
  const dir = join(tmp, name);
  await mkdir(join(dir, 'node_modules'), { recursive: true });
  await copyFolder(join(ROOT, 'dist'), join(dir, 'dist'));
  await copyFile(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const d of ['locales', 'templates', 'samples']) await symlink(join(ROOT, d), join(dir, d));
  for (const pkg of await readdir(join(ROOT, 'node_modules'))) {
    if (pkg.startsWith('.') || without.includes(pkg)) continue;
    await symlink(join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg));
  }
  return dir;
}

/** The built `svc` of an install copy in `dir` (not the repository's), as a process. */
async function installedSvc(dir: string, args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [join(dir, 'dist/cli/main.js'), ...args], {
      cwd: dir, env: { PATH: process.env.PATH, CI: '1', SVC_NO_UPDATE_CHECK: '1', O_TOKEN: 'rt_test', SVC_TIMEOUT: '2' },
    });
    return { code: 0, stderr };
  } catch (e) {
    const { code, stderr } = e as { code: number; stderr: string };
    return { code, stderr };
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-peers-'));
  config = join(tmp, 'runs.json');
  await writeFile(config, JSON.stringify({ base_url: 'http://127.0.0.1:9', organizations: [{ org_id: 'o', name: 'O', token_env: 'O_TOKEN' }] }));
  [without, withoutIoredis, withBoth] = await Promise.all([install('without', ['bullmq', 'ioredis']), install('without-ioredis', ['ioredis']), install('with', [])]);
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the queue without its optional peers installed', () => {
  // Port 9 (discard) refuses: with the peers there, a run gets as far as Redis and no further.
  const monthEnd = () => ['month-end', '--config', config, '--out', join(tmp, 'out'), '--month', '2026-10', '--queue', 'redis://127.0.0.1:9'];
  const worker = ['worker', '--queue', 'redis://127.0.0.1:9', '--month', '2026-10'];

  test('svc month-end --queue and svc worker exit 2 with one line: npm i bullmq ioredis', async () => {
    for (const r of await Promise.all([monthEnd(), worker].map((args) => installedSvc(without, args)))) {
      expect(r.code, r.stderr).toBe(2);
      const lines = r.stderr.split('\n').filter(Boolean);
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toContain('npm i bullmq ioredis');
      expect(lines[0]).toContain('bullmq and ioredis');
    }
    // Only one of them missing is named alone.
    expect((await installedSvc(withoutIoredis, worker)).stderr).toMatch(/needs ioredis, not installed here: npm i bullmq ioredis/);
  }, 120_000);

  test('everything else runs there: the package root loads and a month end in one process runs', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "const m = await import('svc-reporting'); console.log(typeof m.renderInvoicePdf)"], { cwd: without });
    expect(stdout.trim()).toBe('function');
    const r = await installedSvc(without, ['demo', '--out', join(tmp, 'demo')]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  test('control: with them installed the same commands get past the check to Redis', async () => {
    for (const r of await Promise.all([monthEnd(), worker].map((args) => installedSvc(withBoth, args)))) {
      expect(r.stderr).not.toContain('npm i bullmq ioredis');
      expect(r.stderr).toContain('cannot reach Redis at redis://127.0.0.1:9');
      expect(r.code).toBe(1);
    }
  }, 120_000);
});
