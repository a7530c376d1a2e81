import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PACKAGE } from './_package-info.js';

/** A package manager other than npm that installed svc (npm when absent). */
export type OtherManager = 'pnpm' | 'yarn';

/** How this copy of svc was installed, which decides how it is updated. */
export type Install =
  | { kind: 'global'; manager?: OtherManager }
  | { kind: 'npx' }
  | { kind: 'local'; project: string; manager?: OtherManager }
  | { kind: 'source'; root: string };

/** The folder of this package (holding package.json), from this module's place in dist/. */
export function packageRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url)).replace(/[\\/]+$/, '');
}

/** Index of segment `name` within `within` segments after `owner` (case-insensitive: `yarn/global`, `Yarn/Data/global`), or -1. */
function segmentAfter(parts: string[], owner: string, name: string, within = 2): number {
  const low = parts.map((x) => x.toLowerCase());
  for (let i = 0; i < low.length; i++) {
    if (low[i] !== name) continue;
    for (let k = 1; k <= within && i - k >= 0; k++) if (low[i - k] === owner) return i;
  }
  return -1;
}

/**
 * Classifies the install at `root` (the package's real path) by its path: npx keeps packages
 * under `_npx`; pnpm keeps them in `node_modules/.pnpm/<name>@<version>/node_modules/<name>`, a
 * global one under `pnpm/global`; yarn's global folder is `yarn/global` (`Yarn/Data/global` on
 * Windows); a package in a `node_modules` whose parent has a package.json belongs to that
 * project (a pnpm-lock.yaml or yarn.lock there names its manager); any other `node_modules` is
 * npm's global one (`<prefix>/lib/node_modules`, `%APPDATA%\npm\node_modules`); outside
 * node_modules it is a source checkout. Pure apart from `exists`.
 */
export function classifyInstall(root: string, exists: (path: string) => boolean = existsSync): Install {
  // Split on both separators, so a Windows path classifies the same on every OS.
  const parts = root.split(/[\\/]/);
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const at = (dir: string, file: string) => (dir ? `${dir}${sep}${file}` : file);
  if (parts.includes('_npx')) return { kind: 'npx' };
  const pnpm = parts.lastIndexOf('.pnpm');
  if (pnpm > 0 && parts[pnpm - 1] === 'node_modules') {
    if (segmentAfter(parts.slice(0, pnpm), 'pnpm', 'global') >= 0) return { kind: 'global', manager: 'pnpm' };
    return { kind: 'local', project: parts.slice(0, pnpm - 1).join(sep), manager: 'pnpm' };
  }
  const depth = PACKAGE.name.startsWith('@') ? 2 : 1;
  if (parts[parts.length - depth - 1] !== 'node_modules') return { kind: 'source', root };
  const owner = parts.slice(0, parts.length - depth - 1);
  if (segmentAfter(owner, 'yarn', 'global') >= 0) return { kind: 'global', manager: 'yarn' };
  const project = owner.join(sep);
  if (!exists(at(project, 'package.json'))) return { kind: 'global' };
  if (exists(at(project, 'pnpm-lock.yaml'))) return { kind: 'local', project, manager: 'pnpm' };
  if (exists(at(project, 'yarn.lock'))) return { kind: 'local', project, manager: 'yarn' };
  return { kind: 'local', project };
}

/** Whether `svc update` can update `install` itself (`npm install -g`). */
export function updatesInPlace(install: Install): boolean {
  return install.kind === 'global' && !install.manager;
}

/** The command that updates `install`, for messages. */
/**
 * What to run to update `install` when the package is in no registry: a new tarball (`npm pack`
 * of the new release) or the git repository, each installed the way this copy was.
 */
export function updateFromOutsideFor(install: Install): string {
  const source = `./${PACKAGE.name}-<version>.tgz (the new release's tarball) or git+https://<its repository>.git`;
  switch (install.kind) {
    case 'global':
      return `${install.manager === 'pnpm' ? 'pnpm add -g' : install.manager === 'yarn' ? 'yarn global add' : 'npm install -g'} ${source}`;
    case 'npx':
      return `npx ${source} <command>`;
    case 'local':
      return `cd '${install.project.replace(/'/g, `'\\''`)}' && ${install.manager === 'pnpm' ? 'pnpm add' : install.manager === 'yarn' ? 'yarn add' : 'npm install'} ${source}`;
    case 'source':
      return updateCommandFor(install);
  }
}

export function updateCommandFor(install: Install): string {
  const name = `${PACKAGE.name}@latest`;
  switch (install.kind) {
    case 'global':
      return install.manager === 'pnpm' ? `pnpm add -g ${name}` : install.manager === 'yarn' ? `yarn global add ${name}` : `npm install -g ${name}`;
    case 'npx':
      return `npx ${name} <command>`;
    case 'local': {
      const add = install.manager === 'pnpm' ? `pnpm add ${name}` : install.manager === 'yarn' ? `yarn add ${name}` : `npm install ${name}`;
      return `cd '${install.project.replace(/'/g, `'\\''`)}' && ${add}`;
    }
    case 'source':
      return `git pull && npm install && npm run build (in ${install.root})`;
  }
}
