// Issue 14, fault 11: command lines that are wrong exit 2 with a message saying what is wrong.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { svc } from '../_harness/index.js';

describe('exit 2 for a wrong command line', () => {
  test('an unknown command with --help says it is unknown instead of printing the general help', async () => {
    for (const argv of [['wrokers', '--help'], ['wrokers', '-h'], ['invoices', 'frobnicate', '--help']]) {
      const r = await svc(argv, { env: {} });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(`svc: unknown command "${argv[argv.length - 2]}" for "${argv.length === 2 ? 'svc' : 'svc invoices'}"`);
    }
    // Help of a real group or command is still help.
    expect((await svc(['invoices', '--help'], { env: {} })).code).toBe(0);
    expect((await svc(['--help'], { env: {} })).code).toBe(0);
  });

  test('month-end --out naming a file: exit 2 naming --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-out-'));
    writeFileSync(join(dir, 'runs.json'), JSON.stringify({ base_url: 'http://127.0.0.1:1', organizations: [{ org_id: 'org-a', name: 'A', token_env: 'A_TOKEN' }] }));
    writeFileSync(join(dir, 'file'), 'x');
    const r = await svc(['month-end', '--config', 'runs.json', '--out', 'file', '--month', '2026-10'], { env: { A_TOKEN: 'tok-aaaa-1111' }, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('svc: --out file: it exists and is not a folder; give a folder (made when missing)');
  });
});
