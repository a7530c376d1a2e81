// Issue 19, item 1: help where people look for it (the built svc: as a subprocess for the root
// help and a mistyped flag, its code in-process for the commands' help and mistyped commands).
import { describe, expect, it } from 'vitest';
import { svcBin, svcInProcess } from '../_harness/index.js';

describe('svc help, and what a mistyped command meant', () => {
  it('"svc help" is "svc --help", and the root help lists --version', async () => {
    const [help, flag] = await Promise.all([svcBin(['help']), svcBin(['--help'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(flag.stdout);
    expect(help.stdout).toMatch(/^Flags:\n {2}-V, --version +print the version\n {2}-h, --help +show this help$/m);
    expect(help.stdout).toContain('Run "svc help <command>"');
    const version = await svcBin(['--version']);
    expect(version.stdout).toMatch(/^svc \d+\.\d+\.\d+/);
  });

  it('"svc help CMD" prints the help of CMD, for commands, groups and subcommands', async () => {
    for (const path of [['usage'], ['auth'], ['auth', 'status'], ['invoices', 'render']]) {
      const [help, flag] = await Promise.all([svcInProcess(['help', ...path]), svcInProcess([...path, '--help'])]);
      expect(help.code, path.join(' ')).toBe(0);
      expect(help.stdout, path.join(' ')).toBe(flag.stdout);
      expect(help.stdout.length).toBeGreaterThan(100);
    }
    // gh-style "svc auth help status" works too.
    expect((await svcInProcess(['auth', 'help', 'status'])).stdout).toBe((await svcInProcess(['auth', 'status', '--help'])).stdout);
  });

  it('a mistyped command or subcommand says what was meant, exit 2', async () => {
    const cases: Array<[string[], string, string]> = [
      [['usge'], 'svc: unknown command "usge" for "svc"', 'Did you mean "svc usage"?'],
      [['modles'], 'svc: unknown command "modles" for "svc"', 'Did you mean "svc models"?'],
      [['auth', 'stauts'], 'svc: unknown command "stauts" for "svc auth"', 'Did you mean "svc auth status"?'],
      [['help', 'usge'], 'svc: unknown command "usge" for "svc"', 'Did you mean "svc usage"?'],
      [['invoice', 'list'], 'svc: unknown command "invoice" for "svc"', 'Did you mean "svc invoices"?'],
    ];
    for (const [argv, first, second] of cases) {
      const r = await svcInProcess(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').slice(0, 2)).toEqual([first, second]);
    }
    // Nothing close: no guess, only the pointer to the list.
    const far = await svcInProcess(['xyzzy']);
    expect(far.stderr).toBe('svc: unknown command "xyzzy" for "svc"\nRun "svc --help" for the list of commands.\n');
  });

  it('a mistyped flag says which flag was meant', async () => {
    const r = await svcBin(['usage', '--perido', 'week']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('svc: unknown flag --perido (did you mean --period?)');
  });
});
