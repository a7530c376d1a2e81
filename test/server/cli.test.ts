import { afterAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from '../../src/cli/run.js';
import { samplesGroup } from '../../src/cli/samples/index.js';
import { serveCommand } from '../../src/cli/serve/serve.js';
import type { CommandGroup, CommandIO } from '../../src/cli/_program/command.js';

const root: CommandGroup = { name: 'svc', summary: 'test root', commands: [samplesGroup, serveCommand] };
const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  const stdout = new PassThrough(), stderr = new PassThrough();
  let out = '', err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const io = { stdin: new PassThrough(), stdout, stderr, env: {}, cwd: dir } as unknown as CommandIO;
  const code = await runCli(root, argv, io);
  return { code, out, err };
}

describe('svc samples generate', () => {
  it('writes the dataset and says what it wrote', async () => {
    const out = join(dir, 'd1');
    const r = await run(['samples', 'generate', '--orgs', '2', '--keys-per-org', '4', '--months', '2', '--seed', 's', '--out', out, '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/2 organizations, 8 keys, \d+ usage rows, 2 invoices/);
    expect(readdirSync(join(out, 'orgs', 'org-00001')).sort()).toEqual(['org.json', 'usage.csv']);
  });
  it.each([
    [['--keys-per-org', '4', '--months', '2', '--seed', 's', '--out', 'x'], /--orgs is required/],
    [['--orgs', '0', '--keys-per-org', '4', '--months', '2', '--seed', 's', '--out', 'x'], /--orgs must be a whole number from 1/],
    [['--orgs', '1', '--keys-per-org', '4', '--months', '2', '--out', 'x'], /--seed is required/],
    [['--orgs', '1', '--keys-per-org', '4', '--months', '2', '--seed', 's', '--out', 'x', '--format', 'xml'], /--format must be one of bin, csv/],
  ])('bad flags exit 2 with one message: %j', async (flags, message) => {
    const r = await run(['samples', 'generate', ...flags]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(readdirSync(dir)).not.toContain('x');
  });
  it('svc serve refuses a malformed --today and --port before starting', async () => {
    expect((await run(['serve', '--today', '20-11-2026'])).err).toMatch(/--today must be YYYY-MM-DD/);
    const r = await run(['serve', '--port', '70000']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--port must be a whole number from 0 to 65535/);
    const day = await run(['serve', '--today', '2026-02-30']);
    expect(day.code).toBe(2);
    expect(day.err).toMatch(/^svc: --today must be YYYY-MM-DD, a real day \(got "2026-02-30"\)\n/);
    const empty = mkdtempSync(join(tmpdir(), 'svc-serve-'));
    const noData = await run(['serve', '--data', empty]);
    expect(noData.code).toBe(2);
    expect(noData.err).toMatch(/^svc: --data: .* has no dataset\.json/);
    expect((await run(['serve', '--data', join(empty, 'missing')])).err).toMatch(/^svc: --data: .* is not a folder/);
  });
});
