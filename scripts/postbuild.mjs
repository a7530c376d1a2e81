// After tsc: make the CLI entry executable (tsc keeps the shebang, not the mode), and write
// dist/cli/commands.manifest.json, the command tree with each command's module, so the bin
// loads only the command it runs (see src/cli/_manifest.ts).
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { relative, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliDir = fileURLToPath(new URL('../dist/cli/', import.meta.url));
const bin = join(cliDir, 'main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);

// Commands live in public modules: private helpers (`_*` files and folders) and the entry are skipped,
// so nothing with import-time effects (e.g. the update-check worker) runs here.
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith('_') || d.name === 'main.js') return [];
    if (d.isDirectory()) return jsFiles(join(dir, d.name));
    return d.name.endsWith('.js') ? [join(dir, d.name)] : [];
  });
}

const { rootGroup } = await import(pathToFileURL(join(cliDir, 'commands.js')).href);
const where = new Map();
for (const file of jsFiles(cliDir).sort()) {
  const mod = await import(pathToFileURL(file).href);
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === 'object' && typeof value.run === 'function' && !where.has(value)) {
      where.set(value, { module: './' + relative(cliDir, file).split('\\').join('/'), exportName: name });
    }
  }
}

function describe(node) {
  if ('commands' in node) return { name: node.name, summary: node.summary, commands: node.commands.map(describe) };
  const found = where.get(node);
  if (!found) throw new Error(`postbuild: command "${node.name}" is not exported by any module under dist/cli`);
  const { run: _run, ...meta } = node;
  return { ...meta, ...found };
}

writeFileSync(join(cliDir, 'commands.manifest.json'), JSON.stringify(describe(rootGroup), null, 1) + '\n');
