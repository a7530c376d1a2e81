import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEYS, keyHolder, svcBin, svcInProcess } from '../_harness/index.js';

// A credentials.json that is not a regular file, and a config folder svc did not make (issue 26).
// The built `svc` (one login as the real bin, the rest its code in-process), a real server.

vi.setConfig({ testTimeout: 30_000 });
const posix = process.platform !== 'win32';
const at = keyHolder();

const env = () => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url });

describe.runIf(posix)('credentials.json that is not a regular file', () => {
  for (const argv of [['auth', 'list'], ['usage']]) {
    it(`a FIFO: svc ${argv.join(' ')} refuses it at once instead of waiting for ever`, async () => {
      await mkdir(at.cfg, { mode: 0o700 });
      execFileSync('mkfifo', ['-m', '600', join(at.cfg, 'credentials.json')]);
      const r = await svcInProcess(argv, env());
      expect(r.code).toBe(1);
      expect(r.ms).toBeLessThan(10_000);
      expect(r.stderr).toBe(`svc: credentials file ${join(at.cfg, 'credentials.json')} is damaged: not a regular file (a pipe, device or folder is never read) (fix it by hand, or move it away and run "svc auth login" again)\n`);
    });
  }

  it('a folder named credentials.json: refused the same way, and auth login saves nothing over it', async () => {
    await mkdir(join(at.cfg, 'credentials.json'), { recursive: true, mode: 0o700 });
    await chmod(at.cfg, 0o700);
    const r = await svcBin(['auth', 'login', '--with-token'], env(), { stdin: `${KEYS.limited}\n` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is damaged: not a regular file');
    expect((await stat(join(at.cfg, 'credentials.json'))).isDirectory()).toBe(true);
  });
});

describe.runIf(posix)('a config folder svc did not create is never re-moded', () => {
  it('auth login with a refused key saves nothing and leaves the folder mode as it was', async () => {
    await mkdir(at.cfg, { mode: 0o755 });
    await chmod(at.cfg, 0o755);
    const r = await svcInProcess(['auth', 'login', '--with-token'], env(), { stdin: 'sk-not-a-real-key-at-all\n' });
    expect(r.code).toBe(1);
    expect((await stat(at.cfg)).mode & 0o777).toBe(0o755);
    expect(await readdir(at.cfg)).toEqual([]);
  });

  it('auth login that saves leaves it as it was too; a folder it makes itself is 0700', async () => {
    await mkdir(at.cfg, { mode: 0o755 });
    await chmod(at.cfg, 0o755);
    expect((await svcInProcess(['auth', 'login', '--with-token'], env(), { stdin: `${KEYS.limited}\n` })).code).toBe(0);
    expect((await stat(at.cfg)).mode & 0o777).toBe(0o755);
    expect((await stat(join(at.cfg, 'credentials.json'))).mode & 0o777).toBe(0o600);
    const fresh = join(at.home, 'made-by-svc');
    expect((await svcInProcess(['auth', 'login', '--with-token'], { ...env(), SVC_CONFIG_DIR: fresh }, { stdin: `${KEYS.limited}\n` })).code).toBe(0);
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
  });
});
