// Issue 14 ("The public API"): a bad flag or option value exits 2 in every command, with a
// message naming the flag (the same bad --language used to exit 1 in `invoices render` and 2 in
// `report cost`). Walks the built command table, so commands added later are held to it too.
// Every case runs the built code in this process (svcInProcess: the bin's command table and
// runCli from dist/); a few also run as the real bin, which must say exactly the same.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svcBin, svcInProcess, type BinResult } from '../_harness/index.js';

interface Node { name: string; commands?: Node[]; options?: Record<string, { type: string }>; positionals?: { min: number } }
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/cli/commands.manifest.json', import.meta.url)), 'utf8')) as Node;
const leaves = (n: Node, path: string[] = []): Array<{ path: string[]; node: Node }> =>
  n.commands ? n.commands.flatMap((c) => leaves(c, n === manifest ? [c.name] : [...path, c.name])) : [{ path, node: n }];

const dir = mkdtempSync(join(tmpdir(), 'svc-flags-'));
writeFileSync(join(dir, 'file'), 'not a folder, not an image');

/** A value each flag refuses, whichever command has it. */
const BAD: Record<string, string> = {
  language: 'x1',
  timeout: 'soon',
  month: '2026-13',
  year: 'last',
  months: 'many',
  concurrency: '0',
  threads: 'lots',
  currency: 'GBP',
  count: '0',
  period: 'fortnight',
  accent: 'blue',
  'time-range': 'decade',
  'base-url': 'not a url',
  org: '..',
  port: 'http',
  today: 'tomorrow',
  orgs: 'many',
  'keys-per-org': 'many',
  'invoices-per-org': 'many',
  format: 'docx',
  profile: '../x',
  logo: join(dir, 'file'),
  host: 'no such host.invalid',
  out: join(dir, 'file'),
  data: join(dir, 'file'),
  config: join(dir, 'missing.json'),
};

/** Positional arguments: an invoice id prefix where the command takes one (so it would be fetched), else `x`. */
const POSITIONAL: Record<string, string> = { 'invoices render': '6f1c2d3e', 'invoices get': '6f1c2d3e', 'invoices pdf': '6f1c2d3e', 'invoices credit-note': '6f1c2d3e' };

/** What else a command needs before it looks at the flag under test (its other required flags). */
const NEEDS: Record<string, string[]> = {
  'month-end': ['--config', join(dir, 'missing.json'), '--out', join(dir, 'out')],
  'report cost': ['--month', '2026-10'],
  'invoices pdf': ['-o', join(dir, 'x.pdf')],
  'samples generate': ['--orgs', '1', '--keys-per-org', '1', '--months', '1', '--seed', 's', '--out', join(dir, 'gen')],
  'partner status': ['-o', join(dir, 'p.xlsx')],
  'invoices credit-note': ['--number', 'CN-1', '--date', '2026-11-01'],
  worker: ['--queue', 'redis://127.0.0.1:9'],
};

// Nothing here may reach a service: the URLs point at a closed port, and every case fails first.
const ENV = {
  SVC_BASE_URL: 'http://127.0.0.1:9', SVC_GATEWAY_URL: 'http://127.0.0.1:9', SVC_REPORTING_TOKEN: 'tok-test-12345678',
  SVC_ORG_ID: 'org-test', SVC_PARTNER_TOKEN: 'tok-partner-12345678', SVC_API_KEY: 'sk-test-0123456789abcdef', SVC_CONFIG_DIR: join(dir, 'cfg'),
};

describe('a bad flag value exits 2 in every command, naming the flag', () => {
  const cases = leaves(manifest).flatMap(({ path, node }) =>
    Object.keys(node.options ?? {})
      .filter((name) => BAD[name] !== undefined && !(NEEDS[path.join(' ')] ?? []).includes(`--${name}`))
      .map((name) => ({ path, name, argv: [...path, ...Array(node.positionals?.min ?? 0).fill(POSITIONAL[path.join(' ')] ?? 'x'), ...(NEEDS[path.join(' ')] ?? []), `--${name}=${BAD[name]}`] })),
  );

  it('covers the flags of many commands', () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(cases.some((c) => c.path.join(' ') === 'invoices render' && c.name === 'language')).toBe(true);
  });

  const expectRefused = (r: BinResult, c: (typeof cases)[number]): void => {
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(`--${c.name}`);
    expect(r.stderr).toContain(`Run "svc ${c.path.join(' ')} --help" for usage.`);
    expect(r.stdout).toBe('');
  };

  it.each(cases.map((c) => [c.argv.join(' '), c] as const))('svc %s', async (_label, c) => {
    expectRefused(await svcInProcess(c.argv, ENV, { cwd: dir }), c);
  });

  // A few through the real bin, which must say byte for byte what the in-process run says: the
  // issue's own case, a reporting flag, a file that is not an image, the queue worker, a key command.
  const THROUGH_BIN = ['invoices render --language', 'report plan-cost --currency', 'invoices render --logo', 'worker --concurrency', 'auth login --profile'];
  it.each(THROUGH_BIN)('the built bin: svc %s', async (which) => {
    const c = cases.find((x) => `${x.path.join(' ')} --${x.name}` === which);
    expect(c, which).toBeDefined();
    const [bin, inProcess] = await Promise.all([svcBin(c!.argv, ENV, { cwd: dir }), svcInProcess(c!.argv, ENV, { cwd: dir })]);
    expectRefused(bin, c!);
    expect([bin.code, bin.stdout, bin.stderr]).toEqual([inProcess.code, inProcess.stdout, inProcess.stderr]);
  });
});
