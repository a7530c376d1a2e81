import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    newest = Math.max(newest, d.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Tests that run the built `svc` bin need dist/ to match the sources. `npm ci` builds it; a
 * developer who edited src/ gets one rebuild here, once, before any test file starts.
 */
export default function setup(): void {
  const manifest = join(ROOT, 'dist/cli/commands.manifest.json');
  const sources = newestMtime(join(ROOT, 'src'));
  if (!existsSync(manifest) || sources > statSync(manifest).mtimeMs) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
}
