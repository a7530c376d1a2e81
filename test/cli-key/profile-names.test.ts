import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEYS, keyHolder, svcBin, svcInProcess } from '../_harness/index.js';

// Profile names are data: names that are also members of every JavaScript object (toString,
// valueOf, hasOwnProperty, constructor) are names like any other. The built `svc`, a real server:
// the first test and the damaged file's report as the real bin, the rest (the damaged file's
// setup too) the built code in this process.

vi.setConfig({ testTimeout: 30_000 });
const at = keyHolder();

const env = () => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url });
const file = () => readFile(join(at.cfg, 'credentials.json'), 'utf8');

describe('profile names that are also Object.prototype members', () => {
  it('auth login --profile constructor on an empty store saves, not "replaces"', async () => {
    const r = await svcBin(['auth', 'login', '--with-token', '--profile', 'constructor'], env(), { stdin: `${KEYS.limited}\n` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Saved "constructor": /);
    expect(JSON.parse(await file())).toMatchObject({ default: 'constructor', profiles: { constructor: { api_key: KEYS.limited } } });
  });

  for (const name of ['toString', 'hasOwnProperty', 'valueOf', 'constructor', 'isPrototypeOf']) {
    it(`auth use ${name} / auth pin ${name} with no such profile: refused by name, nothing written`, async () => {
      expect((await svcInProcess(['auth', 'login', '--with-token', '--profile', 'work'], env(), { stdin: `${KEYS.limited}\n` })).code).toBe(0);
      const before = await file();
      for (const argv of [['auth', 'use', name], ['auth', 'pin', name], ['auth', 'logout', '--profile', name]]) {
        const r = await svcInProcess(argv, env(), { cwd: at.home });
        expect(r.code, argv.join(' ')).toBe(1);
        expect(r.stderr).toBe(`svc: no saved key named "${name}" (saved: work)\n`);
        expect(r.stdout).toBe('');
        expect(await file()).toBe(before);
      }
      // Every key command still works afterwards.
      const list = await svcInProcess(['auth', 'list'], env());
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('work');
    });
  }

  it('a credentials.json whose default names "toString" (written by an older svc) is reported as damaged, in one line', async () => {
    expect((await svcInProcess(['auth', 'login', '--with-token', '--profile', 'work'], env(), { stdin: `${KEYS.limited}\n` })).code).toBe(0);
    const data = JSON.parse(await file()) as Record<string, unknown>;
    await writeFile(join(at.cfg, 'credentials.json'), JSON.stringify({ ...data, default: 'toString' }), { mode: 0o600 });
    const r = await svcBin(['auth', 'list'], env());
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toContain('field default: names "toString", which is not in profiles');
    expect(r.stderr).not.toMatch(/TypeError|Cannot read properties/);
  });

  it('profiles named toString and valueOf work like any other', async () => {
    for (const name of ['toString', 'valueOf']) {
      expect((await svcInProcess(['auth', 'login', '--with-token', '--profile', name], env(), { stdin: `${KEYS.limited}\n` })).code).toBe(0);
    }
    const use = await svcInProcess(['auth', 'use', 'valueOf'], env());
    expect(use.code).toBe(0);
    expect(use.stdout).toMatch(/^"valueOf" \(.+\) is now the default key\.\n$/);
    const pin = await svcInProcess(['auth', 'pin', 'toString'], env(), { cwd: at.home });
    expect(pin.code).toBe(0);
    const saved = JSON.parse(await file()) as { default: string; pins: Record<string, string> };
    expect(saved.default).toBe('valueOf');
    expect(saved.pins[at.home]).toBe('toString');
  });
});
