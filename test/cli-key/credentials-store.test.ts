import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { saveCredentials, loadCredentials, emptyCredentials } from '../../src/cli/_credentials/index.js';
import { svc } from './_helpers.js';
import { cleanup, tempDir } from '../_harness/index.js';

const KEY_A = 'sk-aaaaaaaaaaaaaaaaaaaaaaaa1111';
const posix = process.platform !== 'win32';

let home: string;
let cfg: string;
beforeEach(async () => {
  home = await tempDir();
  cfg = join(home, 'config', 'svc');
});
afterEach(() => cleanup(home));

describe('credentials.json on disk', () => {
  it.runIf(posix)('creates the folder 0700 and the file 0600', async () => {
    await saveCredentials(cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: KEY_A } } });
    expect((await stat(cfg)).mode & 0o777).toBe(0o700);
    expect((await stat(join(cfg, 'credentials.json'))).mode & 0o777).toBe(0o600);
    expect((await loadCredentials(cfg)).profiles.a?.api_key).toBe(KEY_A);
  });

  it('replaces the file by rename (a new inode), leaving no temp file behind', async () => {
    await saveCredentials(cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: KEY_A } } });
    const before = await stat(join(cfg, 'credentials.json'));
    const r = await svc(['auth', 'use', 'a'], { env: { SVC_CONFIG_DIR: cfg } });
    expect(r.code).toBe(0);
    const after = await stat(join(cfg, 'credentials.json'));
    expect(after.ino).not.toBe(before.ino);
    expect(await readdir(cfg)).toEqual(['credentials.json']);
  });

  it.runIf(posix)('refuses a file others can read, saying which chmod to run, and leaves it alone', async () => {
    await saveCredentials(cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: KEY_A } } });
    const file = join(cfg, 'credentials.json');
    await chmod(file, 0o644);
    const bytes = await readFile(file, 'utf8');
    for (const argv of [['auth', 'list'], ['auth', 'token'], ['auth', 'use', 'a']]) {
      const r = await svc(argv, { env: { SVC_CONFIG_DIR: cfg } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('readable by other users (mode 0644)');
      expect(r.stderr).toContain(`chmod 600 '${file}'`);
      expect(r.stdout + r.stderr).not.toContain(KEY_A);
    }
    expect(await readFile(file, 'utf8')).toBe(bytes);
  });

  it('reports a corrupt file clearly and never overwrites it', async () => {
    await mkdir(cfg, { recursive: true, mode: 0o700 });
    const file = join(cfg, 'credentials.json');
    await writeFile(file, '{"version":1,"default":"a","profiles":{"a":', { mode: 0o600 });
    for (const argv of [['auth', 'list'], ['auth', 'use', 'a'], ['auth', 'pin', 'a'], ['auth', 'logout']]) {
      const r = await svc(argv, { env: { SVC_CONFIG_DIR: cfg } });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/credentials file .*credentials\.json is damaged: not valid JSON/);
    }
    const login = await svc(['auth', 'login', '--with-token'], { env: { SVC_CONFIG_DIR: cfg }, stdin: KEY_A + '\n' });
    expect(login.code).toBe(1);
    expect(login.stderr).toContain('is damaged');
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"default":"a","profiles":{"a":');
  });

  it('names the bad field of a file with the wrong shape', async () => {
    await mkdir(cfg, { recursive: true, mode: 0o700 });
    await writeFile(join(cfg, 'credentials.json'), JSON.stringify({ version: 1, default: null, profiles: { a: { api_key: 7 } }, pins: {} }), { mode: 0o600 });
    const r = await svc(['auth', 'list'], { env: { SVC_CONFIG_DIR: cfg } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('field profiles.a.api_key');
  });
});
