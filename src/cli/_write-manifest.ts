// Build step, run as `node dist/cli/_write-manifest.js` right after tsc (npm run build):
// makes the CLI entry executable (tsc keeps the shebang, not the mode) and writes
// dist/cli/commands.manifest.json, the command tree with each command's module, so the bin
// loads only the command it runs (see _manifest.ts).
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command, CommandGroup } from './_program/command.js';
import type { ManifestCommand, ManifestGroup } from './_manifest.js';

const cliDir = fileURLToPath(new URL('.', import.meta.url));
const bin = join(cliDir, 'main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);

// Commands live in public modules: private helpers (`_*` files and folders) and the entry are
// skipped, so nothing with import-time effects (e.g. the update-check worker) runs here.
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith('_') || d.name === 'main.js') return [];
    if (d.isDirectory()) return jsFiles(join(dir, d.name));
    return d.name.endsWith('.js') ? [join(dir, d.name)] : [];
  });
}

const { rootGroup } = (await import(pathToFileURL(join(cliDir, 'commands.js')).href)) as { rootGroup: CommandGroup };
const where = new Map<unknown, { module: string; exportName: string }>();
for (const file of jsFiles(cliDir).sort()) {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === 'object' && typeof (value as Command).run === 'function' && !where.has(value)) {
      where.set(value, { module: './' + relative(cliDir, file).split('\\').join('/'), exportName: name });
    }
  }
}

function describe(node: Command | CommandGroup): ManifestCommand | ManifestGroup {
  if ('commands' in node) return { name: node.name, summary: node.summary, commands: node.commands.map(describe) };
  const found = where.get(node);
  if (!found) throw new Error(`build: command "${node.name}" is not exported by any module under dist/cli`);
  // The method is only left out of the copy, never called: `this` cannot be lost.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { run: _run, ...meta } = node;
  return { ...meta, ...found };
}

writeFileSync(join(cliDir, 'commands.manifest.json'), JSON.stringify(describe(rootGroup), null, 1) + '\n');
