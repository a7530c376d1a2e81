import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE } from './package-info.js';

/** How this copy of svc was installed, which decides how it is updated. */
export type Install =
  | { kind: 'global' }
  | { kind: 'npx' }
  | { kind: 'local'; project: string }
  | { kind: 'source'; root: string };

/** The folder of this package (holding package.json), from this module's place in dist/. */
export function packageRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url)).replace(/[\\/]+$/, '');
}

/**
 * Classifies the install at `root` by its path: npx keeps packages under `_npx`; a package in a
 * `node_modules` whose parent has a package.json belongs to that project; any other
 * `node_modules` is npm's global one (`<prefix>/lib/node_modules`, `%APPDATA%\npm\node_modules`);
 * outside node_modules it is a source checkout. Pure apart from `hasPackageJson`.
 */
export function classifyInstall(root: string, hasPackageJson: (dir: string) => boolean = (d) => existsSync(join(d, 'package.json'))): Install {
  // Split on both separators, so a Windows path classifies the same on every OS.
  const parts = root.split(/[\\/]/);
  if (parts.includes('_npx')) return { kind: 'npx' };
  const depth = PACKAGE.name.startsWith('@') ? 2 : 1;
  if (parts[parts.length - depth - 1] !== 'node_modules') return { kind: 'source', root };
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const project = parts.slice(0, parts.length - depth - 1).join(sep);
  return hasPackageJson(project) ? { kind: 'local', project } : { kind: 'global' };
}

/** The command that updates `install`, for messages. */
export function updateCommandFor(install: Install): string {
  switch (install.kind) {
    case 'global':
      return `npm install -g ${PACKAGE.name}@latest`;
    case 'npx':
      return `npx ${PACKAGE.name}@latest <command>`;
    case 'local':
      return `cd '${install.project.replace(/'/g, `'\\''`)}' && npm install ${PACKAGE.name}@latest`;
    case 'source':
      return `git pull && npm install && npm run build (in ${install.root})`;
  }
}

