// Tests that need a program not written here (LibreOffice, openpyxl, unzip, script, cmark-gfm,
// redis-server) or root (a tmpfs, mknod) skip where it is missing only outside CI: their condition
// is `runs(...)` from test/_tools.ts, true in CI whatever is installed, so there a missing package
// fails the run instead of passing it silently (.ci/run installs them). This test reads every
// test file and finds each conditional skip that is neither `runs(...)` nor about the platform.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const TEST = fileURLToPath(new URL('..', import.meta.url));

function* files(dir: string): Generator<string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.isDirectory() && d.name !== 'fixtures') yield* files(join(dir, d.name));
    else if (d.name.endsWith('.ts')) yield join(dir, d.name);
  }
}

// `.skipIf(cond)(`, `.runIf(cond)(`, and `if (cond) it.skip(` / `if (!cond) return;` guards.
const CONDITIONAL = /\.(?:skipIf|runIf)\(([^)]*(?:\([^)]*\))?[^)]*)\)\(|if \((.*?)\) (?:it|test|describe)\.skip\(|if \((.*?)\) return;/g;
// Platform conditions are facts of the machine, not missing packages.
const PLATFORM = /^!?(?:posix|process\.platform [!=]==? '\w+')$/;
const THROUGH_RUNS = /^!?runs\(\w+\)$/;
// The Peppol BIS 3 rules (OpenPeppol's, in the team's shared/einvoice/validate) do not come with the
// project: their licence was not found to allow it (test/rules/README.md). The tests of that rule set
// skip by name of the tool where it is absent; the EN 16931 rules, the UBL schema and the PDF/A
// preflight come with the project and run through runs(...).
const OUTSIDE_REPOSITORY = /^!validator$/;

test('every conditional skip in test/ is runs(...) or a platform check', () => {
  const found: string[] = [];
  const bad: string[] = [];
  for (const file of files(TEST)) {
    if (file.endsWith('skips.test.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(CONDITIONAL)) {
      const cond = (m[1] ?? m[2] ?? m[3] ?? '').trim();
      // Early returns unrelated to tools (`if (!x) return;` in helpers) name no has… or runs.
      if (m[3] !== undefined && !/\bruns\(|\bhas[A-Z]|CAN_|IS_ROOT/.test(cond)) continue;
      found.push(`${relative(TEST, file)}: ${cond}`);
      if (!THROUGH_RUNS.test(cond) && !PLATFORM.test(cond) && !OUTSIDE_REPOSITORY.test(cond)) bad.push(`${relative(TEST, file)}: ${cond}`);
    }
  }
  // The check sees the skips it is about (a pattern that matched nothing would pass on anything).
  expect(found.some((f) => f.includes('runs(hasSoffice)'))).toBe(true);
  expect(found.some((f) => f.includes('runs(hasRedis)'))).toBe(true);
  expect(bad).toEqual([]);
});
