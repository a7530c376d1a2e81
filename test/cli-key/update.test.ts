import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterCommand, updateCheckAllowed } from '../../src/cli/update/_auto-check.js';
import { writeUpdateCache } from '../../src/cli/update/_cache.js';
import { isNewer } from '../../src/cli/update/_compare-versions.js';
import { PACKAGE } from '../../src/cli/update/_package-info.js';
import type { CommandIO } from '../../src/cli/_program/command.js';
import { classifyInstall, updateCommandFor, updatesInPlace } from '../../src/cli/update/_install-kind.js';
import { pretendInstalled, svc } from './_helpers.js';
import { cleanup, tempDir } from '../_harness/index.js';

// Loopback HTTP on a 2-core machine shared with other suites: allow for a busy CPU.
vi.setConfig({ testTimeout: 20_000 });

/** A stand-in npm registry on loopback: serves this package's abbreviated record with `latest`. */
let registry: Server;
let registryUrl: string;
let latest = '9.9.9';
let status = 200;
const requests: Array<{ url: string; ua: string; accept: string }> = [];
beforeAll(async () => {
  registry = createServer((req, res) => {
    requests.push({ url: req.url ?? '', ua: String(req.headers['user-agent']), accept: String(req.headers.accept) });
    if (status !== 200) return res.writeHead(status).end('oops');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: PACKAGE.name, 'dist-tags': { latest } }));
  });
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => registry.close(() => r())));

let cfg: string;
beforeEach(async () => {
  cfg = await tempDir();
  latest = '9.9.9';
  status = 200;
  requests.length = 0;
  pretendInstalled({ kind: 'global' });
});
afterEach(() => cleanup(cfg));

function io(tty: boolean, env: Record<string, string>): CommandIO & { err(): string } {
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  let err = '';
  stderr.on('data', (c: Buffer) => (err += c));
  const stdout = Object.assign(new PassThrough(), tty ? { isTTY: true } : {});
  return { stdin: new PassThrough(), stdout, stderr, env: { SVC_CONFIG_DIR: cfg, ...env }, cwd: cfg, err: () => err };
}

describe('isNewer (semver order)', () => {
  it('compares releases and pre-releases', () => {
    expect(isNewer('0.2.0', '0.1.9')).toBe(true);
    expect(isNewer('0.1.10', '0.1.9')).toBe(true);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0-rc.1', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0-rc.2')).toBe(true);
    expect(isNewer('garbage', '1.0.0')).toBe(false);
  });
});

describe('the once-a-day check', () => {
  it('is suppressed when stdout is not a terminal, in CI, and with SVC_NO_UPDATE_CHECK=1', async () => {
    const start = vi.fn();
    for (const x of [io(false, {}), io(true, { CI: 'true' }), io(true, { SVC_NO_UPDATE_CHECK: '1' })]) {
      expect(updateCheckAllowed(x)).toBe(false);
      await writeUpdateCache(cfg, { checked_at: '2020-01-01T00:00:00Z', latest: '9.9.9' });
      await afterCommand(x, new Date('2026-11-20T12:00:00Z'), start);
      expect(x.err()).toBe('');
    }
    expect(start).not.toHaveBeenCalled();
  });

  it('on a terminal with no cached result, starts a background check and prints nothing yet', async () => {
    const start = vi.fn();
    const x = io(true, {});
    await afterCommand(x, new Date('2026-11-20T12:00:00Z'), start);
    expect(start).toHaveBeenCalledWith(cfg, x.env);
    expect(x.err()).toBe('');
  });

  it('prints the cached notice on stderr and does not ask again within a day', async () => {
    const start = vi.fn();
    const now = new Date('2026-11-20T12:00:00Z');
    await writeUpdateCache(cfg, { checked_at: '2026-11-20T02:00:00Z', latest: '9.9.9' });
    const x = io(true, {});
    await afterCommand(x, now, start);
    expect(x.err()).toContain(`A new release of svc is available: ${PACKAGE.version} → 9.9.9`);
    expect(start).not.toHaveBeenCalled();
    await afterCommand(io(true, {}), new Date('2026-11-21T02:00:01Z'), start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('svc update', () => {
  it('--check reports a newer release from the registry, asking with an explicit User-Agent', async () => {
    const r = await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } });
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toContain(`A newer release is available: ${PACKAGE.version} → 9.9.9`);
    expect(requests[0]).toMatchObject({ url: `/${PACKAGE.name}`, accept: 'application/vnd.npm.install-v1+json' });
    expect(requests[0]!.ua).toMatch(/^svc\//);
    expect(JSON.parse(await readFile(join(cfg, 'update-check.json'), 'utf8')).latest).toBe('9.9.9');
  });

  it('--check says when this is the latest release', async () => {
    latest = PACKAGE.version;
    const r = await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } });
    expect(r.stdout).toContain(`svc ${PACKAGE.version} is up to date`);
  });

  it('a registry without the package (404): says how this copy is updated, a tarball or git, installed the same way (issue 40)', async () => {
    status = 404;
    const check = await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } });
    expect(check.code).toBe(0);
    expect(check.stdout).toBe(
      `svc ${PACKAGE.version} is installed from a tarball or its git repository (${PACKAGE.name} is not on the npm registry at ${registryUrl}), so no newer release can be looked up.\n` +
        `To install a newer one, run: npm install -g ./${PACKAGE.name}-<version>.tgz (the new release's tarball) or git+https://<its repository>.git\n`,
    );
    const update = await svc(['update'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } });
    expect(update.code).toBe(1);
    expect(update.stderr).toContain(`svc: ${PACKAGE.name} is not published on the npm registry at ${registryUrl} (HTTP 404): it is installed from a tarball or its git repository, so there is no release there to update to; nothing was installed (install the new release with: npm install -g ./`);
    pretendInstalled({ kind: 'local', project: '/home/me/app' });
    expect((await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } })).stdout).toContain(`cd '/home/me/app' && npm install ./${PACKAGE.name}-<version>.tgz`);
    pretendInstalled({ kind: 'source', root: '/work/svc' });
    expect((await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } })).stdout).toContain('git pull && npm install && npm run build (in /work/svc)');
  });

  it('names the HTTP status when the registry fails', async () => {
    status = 503;
    const r = await svc(['update', '--check'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the npm registry at ${registryUrl} answered HTTP 503`);
  });

  it.runIf(process.platform !== 'win32')('installs with npm install -g <name>@latest (npm on PATH is a recorder here)', async () => {
    const bin = join(cfg, 'bin');
    await (await import('node:fs/promises')).mkdir(bin);
    await writeFile(join(bin, 'npm'), `#!/bin/sh\necho "$@" > "${cfg}/npm-args"\necho installed\n`);
    await chmod(join(bin, 'npm'), 0o755);
    const r = await svc(['update'], { env: { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl, PATH: `${bin}:/usr/bin:/bin` } });
    expect(r.code).toBe(0);
    expect(await readFile(join(cfg, 'npm-args'), 'utf8')).toBe(`install -g ${PACKAGE.name}@latest\n`);
    expect(r.stdout).toContain('installed');
    expect(r.stdout).toContain('Updated to svc 9.9.9');
    expect((await readdir(cfg)).sort()).toEqual(['bin', 'npm-args', 'update-check.json']);
  });

  it('never runs npm install -g for a copy that is not a global install, and says what to run instead', async () => {
    const bin = join(cfg, 'bin');
    await (await import('node:fs/promises')).mkdir(bin);
    await writeFile(join(bin, 'npm'), `#!/bin/sh\necho "$@" > "${cfg}/npm-args"\n`);
    await chmod(join(bin, 'npm'), 0o755);
    const env = { SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl, PATH: `${bin}:/usr/bin:/bin` };
    const cases = [
      { install: { kind: 'local', project: '/home/me/app' } as const, says: 'svc is a dependency of the project /home/me/app', run: `cd '/home/me/app' && npm install ${PACKAGE.name}@latest` },
      { install: { kind: 'npx' } as const, says: 'svc runs through npx', run: `npx ${PACKAGE.name}@latest <command>` },
      { install: { kind: 'global', manager: 'pnpm' } as const, says: 'svc was installed globally with pnpm, not npm', run: `pnpm add -g ${PACKAGE.name}@latest` },
      { install: { kind: 'source', root: '/src/svc' } as const, says: 'svc runs from a source checkout at /src/svc', run: 'git pull && npm install && npm run build' },
    ];
    for (const c of cases) {
      pretendInstalled(c.install);
      const r = await svc(['update'], { env });
      expect(r.code, c.install.kind).toBe(1);
      expect(r.stderr).toContain(c.says);
      expect(r.stderr).toContain('nothing was installed');
      expect(r.stderr).toContain(c.run);
      const check = await svc(['update', '--check'], { env });
      expect(check.code).toBe(0);
      expect(check.stdout).toContain(`To install it, run: ${c.run}`);
    }
    expect(await readdir(cfg)).not.toContain('npm-args');
  });
});

describe('where svc is installed', () => {
  const withFiles = (files: string[]) => (p: string) => files.includes(p);
  const withPackageJson = (dirs: string[]) => withFiles(dirs.flatMap((d) => [`${d}/package.json`, `${d}\\package.json`]));
  it('tells npx, a project dependency, a global install and a source checkout apart by path', () => {
    expect(classifyInstall('/root/.npm/_npx/1a2b/node_modules/' + PACKAGE.name, withPackageJson(['/root/.npm/_npx/1a2b']))).toEqual({ kind: 'npx' });
    expect(classifyInstall('/home/me/app/node_modules/' + PACKAGE.name, withPackageJson(['/home/me/app']))).toEqual({ kind: 'local', project: '/home/me/app' });
    expect(classifyInstall('/usr/lib/node_modules/' + PACKAGE.name, withPackageJson([]))).toEqual({ kind: 'global' });
    expect(classifyInstall('C:\\Users\\me\\AppData\\Roaming\\npm\\node_modules\\' + PACKAGE.name, withPackageJson([]))).toEqual({ kind: 'global' });
    expect(classifyInstall('/work/svc', withPackageJson(['/work/svc']))).toEqual({ kind: 'source', root: '/work/svc' });
  });

  it('knows pnpm and yarn installs, global and in a project, and says how to update each', () => {
    const name = PACKAGE.name;
    const pnpmGlobal = classifyInstall(`/home/me/.local/share/pnpm/global/5/node_modules/.pnpm/${name}@0.1.0/node_modules/${name}`, withFiles([]));
    expect(pnpmGlobal).toEqual({ kind: 'global', manager: 'pnpm' });
    expect(updateCommandFor(pnpmGlobal)).toBe(`pnpm add -g ${name}@latest`);
    const pnpmLocal = classifyInstall(`/home/me/app/node_modules/.pnpm/${name}@0.1.0/node_modules/${name}`, withFiles([]));
    expect(pnpmLocal).toEqual({ kind: 'local', project: '/home/me/app', manager: 'pnpm' });
    expect(updateCommandFor(pnpmLocal)).toBe(`cd '/home/me/app' && pnpm add ${name}@latest`);
    const yarnGlobal = classifyInstall(`/home/me/.config/yarn/global/node_modules/${name}`, withPackageJson(['/home/me/.config/yarn/global']));
    expect(yarnGlobal).toEqual({ kind: 'global', manager: 'yarn' });
    expect(updateCommandFor(yarnGlobal)).toBe(`yarn global add ${name}@latest`);
    expect(classifyInstall(`C:\\Users\\me\\AppData\\Local\\Yarn\\Data\\global\\node_modules\\${name}`, withFiles([]))).toEqual({ kind: 'global', manager: 'yarn' });
    const yarnLocal = classifyInstall(`/home/me/app/node_modules/${name}`, withFiles(['/home/me/app/package.json', '/home/me/app/yarn.lock']));
    expect(yarnLocal).toEqual({ kind: 'local', project: '/home/me/app', manager: 'yarn' });
    expect(updateCommandFor(yarnLocal)).toBe(`cd '/home/me/app' && yarn add ${name}@latest`);
    expect(updatesInPlace({ kind: 'global' })).toBe(true);
    expect(updatesInPlace(pnpmGlobal)).toBe(false);
  });
});
