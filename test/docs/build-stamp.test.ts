// `npm run prepare` builds only when dist/ was not built from the sources as they are
// (src/_build-stamp.mjs): `npm ci` on a fresh clone builds, `npx svc …` in the built folder does not
// run tsc again (README: the first command in about a second). Each case runs the script itself,
// copied into a folder of its own with sources of its own, so nothing here touches the real dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'src/_build-stamp.mjs');

function stamp(dir: string, command: string): number {
  try {
    execFileSync(process.execPath, [join(dir, 'src/_build-stamp.mjs'), command], { stdio: 'pipe' });
    return 0;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

describe('the build stamp: is dist/ built from the sources as they are?', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-build-stamp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src/model'), { recursive: true });
  mkdirSync(join(dir, 'templates'));
  mkdirSync(join(dir, 'locales'));
  mkdirSync(join(dir, 'dist'));
  cpSync(SCRIPT, join(dir, 'src/_build-stamp.mjs'));
  writeFileSync(join(dir, 'src/model/money.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'templates/footer.hbs'), '{{seller}}\n');
  writeFileSync(join(dir, 'locales/da.json'), '{"total":"I alt"}\n');
  writeFileSync(join(dir, 'tsconfig.json'), '{}\n');
  writeFileSync(join(dir, 'package.json'), '{"name":"x"}\n');
  writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');

  it('says "not built" before the build has written its record', () => {
    expect(stamp(dir, 'check')).toBe(1);
  });

  it('says "built" after the build wrote it, and "not built" after any input changed', () => {
    expect(stamp(dir, 'write')).toBe(0);
    expect(readFileSync(join(dir, 'dist/.build-stamp'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(stamp(dir, 'check')).toBe(0);
    for (const [file, text] of [
      ['src/model/money.ts', 'export const a = 2;\n'],
      ['templates/footer.hbs', '{{buyer}}\n'],
      ['package-lock.json', '{"lockfileVersion":2}\n'],
      ['src/model/new-file.ts', ''],
    ] as const) {
      const before = (() => {
        try {
          return readFileSync(join(dir, file));
        } catch {
          return undefined;
        }
      })();
      writeFileSync(join(dir, file), text);
      expect(stamp(dir, 'check'), file).toBe(1);
      if (before === undefined) rmSync(join(dir, file));
      else writeFileSync(join(dir, file), before);
      expect(stamp(dir, 'check'), `${file} put back`).toBe(0);
    }
  });

  it('says "built" after a change outside the build\'s inputs (locales/ is read at run time)', () => {
    expect(stamp(dir, 'check')).toBe(0);
    writeFileSync(join(dir, 'locales/da.json'), '{"total":"Total"}\n');
    expect(stamp(dir, 'check')).toBe(0);
  });

  it('refuses a command it does not know, exit 2', () => {
    expect(stamp(dir, 'remove')).toBe(2);
  });

  it("is what `npm run prepare` asks before it builds, and the build's last step", () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.prepare).toBe('node src/_build-stamp.mjs check || npm run build');
    expect(scripts.build).toMatch(/&& node src\/_build-stamp\.mjs write$/);
    // The repository's own build is current (the test setup builds when it is not).
    expect(stamp(ROOT, 'check')).toBe(0);
  });
});
