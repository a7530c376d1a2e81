import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { saveCredentials, emptyCredentials } from '../../src/cli/_credentials/index.js';
import { svc } from './_helpers.js';
import { cleanup, tempDir } from '../_harness/index.js';

const KEY_A = 'sk-aaaaaaaaaaaaaaaaaaaaaaaa1111';
const KEY_B = 'sk-bbbbbbbbbbbbbbbbbbbbbbbb2222';
const KEY_ENV = 'sk-eeeeeeeeeeeeeeeeeeeeeeee3333';

let home: string;
let cfg: string;
let project: string;
let elsewhere: string;
beforeEach(async () => {
  home = await tempDir();
  cfg = join(home, 'cfg');
  project = join(home, 'work', 'project');
  elsewhere = join(home, 'other');
  await mkdir(join(project, 'src', 'deep'), { recursive: true });
  await mkdir(elsewhere, { recursive: true });
  await saveCredentials(cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: KEY_A }, b: { api_key: KEY_B } } });
});
afterEach(() => cleanup(home));

const env = () => ({ SVC_CONFIG_DIR: cfg });

describe('which key: SVC_API_KEY, else the nearest pin, else the default', () => {
  it('uses the default key outside pinned folders', async () => {
    const r = await svc(['auth', 'token'], { env: env(), cwd: elsewhere });
    expect(r).toMatchObject({ code: 0, stdout: `${KEY_A}\n` });
  });

  it('a pin applies to its folder and every subfolder, and is stored in the config folder only', async () => {
    const pin = await svc(['auth', 'pin', 'b'], { env: env(), cwd: project });
    expect(pin.code).toBe(0);
    expect(pin.stdout).toContain('sk-…2222');
    expect(pin.stdout).not.toContain(KEY_B);
    expect(await readdir(project)).toEqual(['src']);
    expect(JSON.parse(await readFile(join(cfg, 'credentials.json'), 'utf8')).pins).toEqual({ [project]: 'b' });
    expect((await svc(['auth', 'token'], { env: env(), cwd: project })).stdout).toBe(`${KEY_B}\n`);
    expect((await svc(['auth', 'token'], { env: env(), cwd: join(project, 'src', 'deep') })).stdout).toBe(`${KEY_B}\n`);
    expect((await svc(['auth', 'token'], { env: env(), cwd: elsewhere })).stdout).toBe(`${KEY_A}\n`);
  });

  it('the nearest pin wins over one further up', async () => {
    await svc(['auth', 'pin', 'b'], { env: env(), cwd: join(home, 'work') });
    await svc(['auth', 'pin', 'a'], { env: env(), cwd: join(project, 'src') });
    expect((await svc(['auth', 'token'], { env: env(), cwd: project })).stdout).toBe(`${KEY_B}\n`);
    expect((await svc(['auth', 'token'], { env: env(), cwd: join(project, 'src', 'deep') })).stdout).toBe(`${KEY_A}\n`);
  });

  it('SVC_API_KEY beats both pin and default', async () => {
    await svc(['auth', 'pin', 'b'], { env: env(), cwd: project });
    const r = await svc(['auth', 'token'], { env: { ...env(), SVC_API_KEY: KEY_ENV }, cwd: project });
    expect(r.stdout).toBe(`${KEY_ENV}\n`);
    const v = await svc(['auth', 'token', '-v'], { env: env(), cwd: join(project, 'src') });
    expect(v.stderr).toBe(`Using key sk-…2222: project folder ${project} is pinned to "b".\n`);
    expect(v.stdout).toBe(`${KEY_B}\n`);
  });

  it('auth list masks every key and marks the default and the pin', async () => {
    await svc(['auth', 'pin', 'b'], { env: env(), cwd: project });
    const r = await svc(['auth', 'list'], { env: env(), cwd: join(project, 'src') });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(KEY_A);
    expect(r.stdout).not.toContain(KEY_B);
    expect(r.stdout).toMatch(/^a\s+sk-…1111\s+default$/m);
    expect(r.stdout).toMatch(new RegExp(`^b\\s+sk-…2222\\s+pinned \\(${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`, 'm'));
  });

  it('auth use changes the default; an unknown name lists the saved ones', async () => {
    expect((await svc(['auth', 'use', 'b'], { env: env(), cwd: elsewhere })).code).toBe(0);
    expect((await svc(['auth', 'token'], { env: env(), cwd: elsewhere })).stdout).toBe(`${KEY_B}\n`);
    const bad = await svc(['auth', 'use', 'nope'], { env: env() });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('no saved key named "nope" (saved: a, b)');
  });

  it('auth logout deletes the key in use (the pinned one) and its pins; not an env key', async () => {
    await svc(['auth', 'pin', 'b'], { env: env(), cwd: project });
    const envOut = await svc(['auth', 'logout'], { env: { ...env(), SVC_API_KEY: KEY_ENV }, cwd: project });
    expect(envOut.code).toBe(2);
    expect(envOut.stderr).toContain('SVC_API_KEY');
    const r = await svc(['auth', 'logout'], { env: env(), cwd: join(project, 'src') });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Deleted saved key "b" (sk-…2222)');
    const saved = JSON.parse(await readFile(join(cfg, 'credentials.json'), 'utf8'));
    expect(Object.keys(saved.profiles)).toEqual(['a']);
    expect(saved.pins).toEqual({});
    expect((await svc(['auth', 'token'], { env: env(), cwd: project })).stdout).toBe(`${KEY_A}\n`);
  });

  it('with no key at all, says how to get one', async () => {
    const r = await svc(['auth', 'token'], { env: { SVC_CONFIG_DIR: join(home, 'empty') } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no API key to use (run "svc auth login", or set SVC_API_KEY)');
  });

  it('with saved keys but no default and no pin, says which to choose from', async () => {
    await saveCredentials(cfg, { version: 1, default: null, profiles: { b: { api_key: KEY_B }, a: { api_key: KEY_A } }, pins: {} });
    const r = await svc(['auth', 'token'], { env: env(), cwd: home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no default key is chosen, and this folder is not pinned (saved: a, b; choose one with "svc auth use <name>"');
  });
});

describe('auth login refusals (nothing saved)', () => {
  it('refuses while SVC_API_KEY is set, saying so', async () => {
    const r = await svc(['auth', 'login', '--with-token'], { env: { ...env(), SVC_API_KEY: KEY_ENV }, stdin: KEY_B });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SVC_API_KEY is set');
    expect(r.stderr).not.toContain(KEY_ENV);
  });
  it('will not prompt when stdin is not a terminal', async () => {
    const r = await svc(['auth', 'login'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-token');
  });
});
