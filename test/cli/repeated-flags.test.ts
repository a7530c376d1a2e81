// Operator review: a flag that takes one value, given twice, silently took the last one
// (`svc month-end … --month 2026-10 --month 2026-09` ran September, exit 0). It is refused by the
// shared parser before anything runs, exit 2, one message naming the flag, in every command: this
// walks the built command table, so commands added later are held to it too. A switch given twice
// and a flag declared `multiple` keep working.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CommandGroup } from '../../src/cli/_program/command.js';
import { SAMPLES, svcBin, svcInProcess } from '../_harness/index.js';

interface Node { name: string; commands?: Node[]; options?: Record<string, { type: string; short?: string; multiple?: boolean }> }
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/cli/commands.manifest.json', import.meta.url)), 'utf8')) as Node;
const leaves = (n: Node, path: string[] = []): Array<{ path: string[]; node: Node }> =>
  n.commands ? n.commands.flatMap((c) => leaves(c, n === manifest ? [c.name] : [...path, c.name])) : [{ path, node: n }];

const dir = mkdtempSync(join(tmpdir(), 'svc-repeated-'));

// Nothing here may reach a service: the URLs point at a closed port.
const ENV = {
  SVC_BASE_URL: 'http://127.0.0.1:9', SVC_GATEWAY_URL: 'http://127.0.0.1:9', SVC_REPORTING_TOKEN: 'tok-test-12345678',
  SVC_ORG_ID: 'org-test', SVC_PARTNER_TOKEN: 'tok-partner-12345678', SVC_API_KEY: 'sk-test-0123456789abcdef', SVC_CONFIG_DIR: join(dir, 'cfg'),
};

describe('a one-value flag given twice is refused, exit 2, naming the flag', () => {
  const cases = leaves(manifest).flatMap(({ path, node }) =>
    Object.entries(node.options ?? {})
      .filter(([, o]) => o.type === 'string' && !o.multiple)
      .map(([name]) => ({ path, name, argv: [...path, `--${name}`, 'first', `--${name}=second`] })),
  );

  it('covers every command that has such a flag', () => {
    expect(cases.length).toBeGreaterThan(80);
    expect(new Set(cases.map((c) => c.path.join(' '))).size).toBeGreaterThan(20);
  });

  it.each(cases.map((c) => [c.argv.join(' '), c] as const))('svc %s', async (_label, c) => {
    const r = await svcInProcess(c.argv, ENV, { cwd: dir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`svc: flag --${c.name} given twice (--${c.name} first, --${c.name} second); it takes one value: give it once`);
    expect(r.stderr).toContain(`Run "svc ${c.path.join(' ')} --help" for usage.`);
    expect(r.stdout).toBe('');
  });

  it("the review's case through the real bin: nothing runs, no month folder is made", async () => {
    const config = join(dir, 'runs.json');
    writeFileSync(config, JSON.stringify({ base_url: 'http://127.0.0.1:9', organizations: [{ org_id: 'org-a', name: 'A', token_env: 'A_TOKEN' }] }));
    const out = join(dir, 'out');
    const r = await svcBin(['month-end', '--config', config, '--out', out, '--month', '2026-10', '--month', '2026-09'], { A_TOKEN: 'tok-a-12345678' }, { cwd: dir });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, 'svc: flag --month given twice (--month 2026-10, --month 2026-09); it takes one value: give it once']);
    expect(existsSync(out)).toBe(false);
  });

  it('names the forms as typed: a short flag and its long one are the same flag', async () => {
    const r = await svcInProcess(['search', '-n', '3', '--count', '5', 'vat'], ENV, { cwd: dir });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, 'svc: flag --count given twice (-n 3, --count 5); it takes one value: give it once']);
    const three = await svcInProcess(['search', '-n', '3', '-n=4', '--count', '5', 'vat'], ENV, { cwd: dir });
    expect(three.stderr.split('\n')[0]).toContain('flag --count given 3 times');
  });

  it('--jq, which every --json command has, too', async () => {
    const r = await svcInProcess(['usage', '--jq', '.a', '--jq', '.b'], ENV, { cwd: dir });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, 'svc: flag --jq given twice (--jq .a, --jq .b); it takes one value: give it once']);
  });
});

describe('what may be given more than once still works', () => {
  it('a switch given twice is the switch', async () => {
    const pdf = join(dir, 'twice.pdf');
    const r = await svcInProcess(['invoices', 'render', join(SAMPLES, 'invoices', 'nordlys-2026-10.json'), '--strict', '--strict', '-o', pdf], ENV, { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(pdf)).toBe(true);
  });

  it('a flag declared multiple collects every value (no command of the table has one yet)', async () => {
    let seen: unknown;
    const root: CommandGroup = {
      name: 'svc', summary: 'test',
      commands: [{
        name: 'tag', summary: 'tags', usage: 'tag', examples: [],
        options: { tag: { type: 'string', multiple: true, description: 'a tag' }, one: { type: 'string', description: 'one' } },
        run: async (_io, args) => { seen = args.values.tag; return 0; },
      }],
    };
    const r = await svcInProcess(['tag', '--tag', 'a', '--tag=b', '--one', 'x'], ENV, { cwd: dir, root });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(seen).toEqual(['a', 'b']);
  });
});
