import { spawn } from 'node:child_process';
import type { Command, CommandIO } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { configDir } from '../_credentials/config-dir.js';
import { writeUpdateCache } from './_cache.js';
import { isNewer } from './_compare-versions.js';
import { PACKAGE } from './_package-info.js';
import { fetchLatestVersion } from './_registry.js';
import { NpmInstallError } from './npm-install-error.js';
import { classifyInstall, packageRoot, updateCommandFor, updateFromOutsideFor, updatesInPlace, type Install } from './_install-kind.js';
import { NotPublishedError } from './not-published-error.js';
import { UpdateElsewhereError } from './update-elsewhere-error.js';
import { now } from '../../core/index.js';

/** Why `npm install -g` is not the way to update `install` (undefined for npm's global install). */
function notInPlace(install: Install): UpdateElsewhereError | undefined {
  const run = updateCommandFor(install);
  switch (install.kind) {
    case 'global':
      return install.manager ? new UpdateElsewhereError(`svc was installed globally with ${install.manager}, not npm; nothing was installed`, `update it with: ${run}`) : undefined;
    case 'npx':
      return new UpdateElsewhereError('svc runs through npx, which fetched this release itself; nothing was installed', `run: ${run}`);
    case 'local':
      return new UpdateElsewhereError(`svc is a dependency of the project ${install.project}, not a global install; nothing was installed`, `update it there: ${run}`);
    case 'source':
      return new UpdateElsewhereError(`svc runs from a source checkout at ${install.root}; nothing was installed`, `update it with: ${run}`);
  }
}

/** Runs `npm install -g <name>@latest`, passing its output through; resolves to npm's exit code. */
function npmInstallLatest(io: CommandIO): Promise<number> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['install', '-g', `${PACKAGE.name}@latest`], {
    env: io.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  child.stdout.pipe(io.stdout, { end: false });
  child.stderr.pipe(io.stderr, { end: false });
  return new Promise((resolve, reject) => {
    child.on('error', (e) =>
      reject(new NpmInstallError(`could not run npm (${(e as NodeJS.ErrnoException).code ?? e.message}); svc was not updated`, 'install Node.js with npm, or put npm on PATH')),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** `svc update`, with where svc is installed injected so tests can ask for each kind. */
export function makeUpdateCommand(install: () => Install = () => classifyInstall(packageRoot())): Command {
  return {
    name: 'update',
    summary: 'Install the latest release of svc in place, or print the command that does',
    usage: 'update [--check]',
    examples: ['svc update --check', 'svc update'],
    options: { check: { type: 'boolean', description: 'only report whether a newer release exists' } },
    async run(io, args) {
      let latest: string;
      try {
        latest = await fetchLatestVersion(io.env, 10_000);
      } catch (e) {
        if (!(e instanceof NotPublishedError)) throw e;
        // Not in a registry: say how this copy is updated, rather than fail on the 404.
        const how = updateFromOutsideFor(install());
        if (bool(args, 'check')) {
          io.stdout.write(`svc ${PACKAGE.version} is installed from a tarball or its git repository (${PACKAGE.name} is not on the npm registry at ${e.registry}), so no newer release can be looked up.\nTo install a newer one, run: ${how}\n`);
          return 0;
        }
        throw new UpdateElsewhereError(`${e.message}; nothing was installed`, `install the new release with: ${how}`);
      }
      await writeUpdateCache(configDir(io.env), { checked_at: now().toISOString(), latest }).catch(() => {});
      const newer = isNewer(latest, PACKAGE.version);
      if (!newer) {
        io.stdout.write(`svc ${PACKAGE.version} is up to date (latest release: ${latest}).\n`);
        return 0;
      }
      const where = install();
      if (bool(args, 'check')) {
        const how = updatesInPlace(where) ? 'svc update' : updateCommandFor(where);
        io.stdout.write(`A newer release is available: ${PACKAGE.version} → ${latest}.\nTo install it, run: ${how}\n`);
        return 0;
      }
      const elsewhere = notInPlace(where);
      if (elsewhere) throw elsewhere;
      io.stdout.write(`Updating svc ${PACKAGE.version} → ${latest} with: npm install -g ${PACKAGE.name}@latest\n`);
      const code = await npmInstallLatest(io);
      if (code !== 0) throw new NpmInstallError(`npm install failed (exit code ${code}); svc was not updated`, undefined, code);
      io.stdout.write(`Updated to svc ${latest}.\n`);
      return 0;
    },
  };
}

export const updateCommand = makeUpdateCommand();
