import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rootGroup } from '../../src/cli/commands.js';
import { isGroup, type Command, type CommandGroup } from '../../src/cli/_program/command.js';
import { svcInProcess, svc } from '../_harness/index.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const run = promisify(execFile);

async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await svc(argv, { root: rootGroup });
  return { code, stdout, stderr };
}

async function bin(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...argv], { env: { ...process.env, SVC_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

function leafPaths(group: CommandGroup, prefix: string[] = []): string[][] {
  return group.commands.flatMap((c: Command | CommandGroup) =>
    isGroup(c) ? leafPaths(c, [...prefix, c.name]) : [[...prefix, c.name]],
  );
}

describe('the built svc bin (lazy command manifest)', () => {
  it('prints the same help as the command tree, for svc and for every command', async () => {
    const paths = [[], ...leafPaths(rootGroup)];
    for (const [i, path] of paths.entries()) {
      // svc and the first three commands as the bin itself; the rest read from the same built
      // manifest in this process (svcInProcess), which is what the bin prints help from.
      const built = i < 4 ? bin : (argv: string[]) => svcInProcess(argv, { NO_COLOR: '1' });
      const [a, b] = await Promise.all([built([...path, '--help']), inProcess([...path, '--help'])]);
      expect(a.stdout, `svc ${path.join(' ')} --help`).toBe(b.stdout);
      expect(a.code).toBe(0);
    }
  });

  it('keeps every help text within 80 columns (examples excepted: they are copied whole)', async () => {
    for (const path of [[], ...leafPaths(rootGroup)]) {
      const { stdout } = await inProcess([...path, '--help']);
      const body = stdout.split('\nExamples:\n')[0]!;
      for (const line of body.split('\n')) expect(line.length, `svc ${path.join(' ')} --help: ${line}`).toBeLessThanOrEqual(80);
    }
  });

  it('explains how to pass a value that starts with "-"', async () => {
    const r = await inProcess(['report', 'keys', '--months', '-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('flag --months got a value starting with "-"; write it as --months=VALUE');
    // And for a short flag, where node's parser alone reads -n=-1 as the value "=-1": the hint's form works.
    const short = await inProcess(['search', '-n', '-1', 'skat']);
    expect(short.stderr).toContain('flag -n got a value starting with "-"; write it as -n=VALUE');
    for (const n of ['-n=-1', '-n=0', '-n=101']) {
      const r2 = await inProcess(['search', n, 'skat']);
      expect([r2.code, r2.stderr.split('\n')[0]], n).toEqual([2, `svc: -n (--count) must be a whole number from 1 to 100 (got "${n.slice(3)}")`]);
    }
  });

  it('names a flag given no value as it was typed, nothing more (outside review: "flag -n, needs a value")', async () => {
    for (const flag of ['-n', '--count']) {
      const r = await inProcess(['search', 'skat', flag]);
      expect([r.code, r.stderr.split('\n')[0]], flag).toEqual([2, `svc: flag ${flag} needs a value`]);
    }
  });

  it('runs a command loaded on demand, and rejects unknown commands and flags with exit 2', async () => {
    const version = await bin(['--version']);
    expect(version.stdout).toMatch(/^svc \d+\.\d+\.\d+/);
    const unknown = await bin(['no-such-command']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "no-such-command"');
    const flag = await bin(['invoices', 'render', '--bogus']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown flag --bogus');
    const bad = await bin(['invoices', 'render', 'does-not-exist.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/does-not-exist\.json/);
  });
});
