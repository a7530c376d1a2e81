// Issue 14, fault 11: the config folder and credentials.json as a user sets them up: a symlinked
// credentials.json (written through to its target), fields this version does not know (kept),
// SVC_CONFIG_DIR in /proc (an error, not a spin), a file, or a sticky 1777 folder.
import { describe, expect, it, vi } from 'vitest';
import { chmod, lstat, mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { svc } from './_helpers.js';
import { KEYS, keyHolder } from '../_harness/index.js';

vi.setConfig({ testTimeout: 20_000 });

const at = keyHolder();

const login = (configDir: string, key = KEYS.limited, ...flags: string[]) =>
  svc(['auth', 'login', '--with-token', ...flags], { env: { SVC_CONFIG_DIR: configDir, SVC_GATEWAY_URL: at.server.url }, stdin: `${key}\n` });

describe('credentials.json', () => {
  it('a symlinked file is written through: the link stays, its target gets the key', async () => {
    const dotfiles = join(at.home, 'dotfiles');
    await mkdir(dotfiles, { mode: 0o700 });
    await mkdir(at.cfg, { mode: 0o700 });
    const target = join(dotfiles, 'credentials.json');
    await writeFile(target, JSON.stringify({ version: 1, default: null, profiles: {}, pins: {} }), { mode: 0o600 });
    await symlink(target, join(at.cfg, 'credentials.json'));
    const r = await login(at.cfg);
    expect(r.code, r.stderr).toBe(0);
    expect((await lstat(join(at.cfg, 'credentials.json'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(at.cfg, 'credentials.json'))).toBe(target);
    expect(JSON.parse(await readFile(target, 'utf8')).profiles.default.api_key).toBe(KEYS.limited);
    expect((await lstat(target)).mode & 0o777).toBe(0o600);
  });

  it('fields this version does not know are kept when it saves', async () => {
    await mkdir(at.cfg, { mode: 0o700 });
    const file = join(at.cfg, 'credentials.json');
    const before = { version: 1, default: 'work', profiles: { work: { api_key: KEYS.limited, created_by: 'svc 0.9', note: 'laptop' } }, pins: {}, telemetry: false };
    await writeFile(file, JSON.stringify(before), { mode: 0o600 });
    const r = await login(at.cfg, KEYS.limited, '--profile', 'other');
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(await readFile(file, 'utf8'));
    expect(after.telemetry).toBe(false);
    expect(after.profiles.work).toEqual(before.profiles.work);
    expect(after.profiles.other.api_key).toBe(KEYS.limited);
  });
});

describe('SVC_CONFIG_DIR', () => {
  it('in /proc: one message naming the variable, at once (no endless loop at 100 % CPU)', async () => {
    const r = await login('/proc/self/svc-config');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('svc: the config folder /proc/self/svc-config (from SVC_CONFIG_DIR) cannot be used: no folder can be made there (ENOENT) (set SVC_CONFIG_DIR to a folder you can write, or unset it)\n');
  }, 10_000);

  it('a file: the message names the variable instead of "ENOTDIR … stat"', async () => {
    const file = join(at.home, 'not-a-folder');
    await writeFile(file, 'x');
    for (const argv of [['auth', 'list'], ['models']]) {
      const r = await svc(argv, { env: { SVC_CONFIG_DIR: file, SVC_GATEWAY_URL: at.server.url } });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toBe(`svc: the config folder ${file} (from SVC_CONFIG_DIR) cannot be used: it (or a folder above it) is a file (ENOTDIR) (set SVC_CONFIG_DIR to a folder you can write, or unset it)\n`);
    }
  });

  it.skipIf(process.platform === 'win32')('a folder others may write is refused with its real mode, sticky bit included (1777, not 0777)', async () => {
    await mkdir(at.cfg);
    await chmod(at.cfg, 0o1777);
    const r = await login(at.cfg);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`config folder ${at.cfg} can be written by other users (mode 1777)`);
  });
});
