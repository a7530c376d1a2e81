import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// BullMQ and its Redis client load only for --queue and `svc worker`: a month end in one
// process, the package root and the flags' mistakes never load them. And a typo in a flag value
// is refused before the command loads its renderers, the HTTP client or the workbook writer. One
// preloaded script records every module a process loads, ESM and CommonJS alike (undici,
// Handlebars, BullMQ and ioredis come in through createRequire): the script of each, as V8
// reports it parsed to an in-process inspector session (Debugger.scriptParsed). It lists the same
// modules as a loader hook (module.register) with require.cache, at about a third of the extra
// CPU: the loader hook runs on a thread of its own, a message each way for every module.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'dist/cli/main.js');
const run = promisify(execFile);
let tmp: string;
let hook: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-lazy-'));
  hook = join(tmp, 'hook.cjs');
  await writeFile(hook, [
    "const session = new (require('node:inspector').Session)();",
    'session.connect();',
    'const urls = [];',
    "session.on('Debugger.scriptParsed', (m) => { if (m.params.url) urls.push(m.params.url); });",
    "session.post('Debugger.enable');",
    "process.on('exit', () => require('node:fs').appendFileSync(process.env.LOADED_OUT, urls.map((u) => u + '\\n').join('')));",
  ].join('\n'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Runs node with the hook: every module it loaded (URLs and paths), its exit code and stderr. */
async function loaded(args: string[], name: string, o: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ modules: string[]; code: number; stderr: string }> {
  const out = join(tmp, `${name}.loaded`);
  await writeFile(out, '');
  let code = 0;
  let stderr = '';
  try {
    ({ stderr } = await run(process.execPath, ['--require', hook, ...args], { cwd: o.cwd ?? ROOT, env: { ...process.env, LOADED_OUT: out, SVC_NO_UPDATE_CHECK: '1', ...o.env } }));
  } catch (e) {
    ({ code, stderr } = e as { code: number; stderr: string });
  }
  return { modules: (await readFile(out, 'utf8')).split('\n').filter(Boolean), code, stderr };
}

const QUEUE_PEERS = /node_modules[\\/](bullmq|ioredis)[\\/]/;
const queuePeers = (r: { modules: string[] }): string[] => r.modules.filter((m) => QUEUE_PEERS.test(m));

describe('bullmq is loaded only for a queue', () => {
  it('is seen when loaded (the check works)', async () => {
    const r = await loaded(['--input-type=module', '-e', "await import('bullmq')"], 'control');
    expect(queuePeers(r).some((m) => m.includes('bullmq'))).toBe(true);
  });

  it('is not loaded by a month end in one process, the package root, or a refused --queue', async () => {
    const demo = await loaded([BIN, 'demo', '--out', join(tmp, 'demo')], 'demo');
    expect(demo.code).toBe(0);
    expect(queuePeers(demo)).toEqual([]);
    const root = await loaded(['--input-type=module', '-e', `await import(${JSON.stringify(join(ROOT, 'dist/index.js'))})`], 'root');
    expect(queuePeers(root)).toEqual([]);
    const config = join(tmp, 'runs.json');
    await writeFile(config, JSON.stringify({ base_url: 'http://127.0.0.1:9', organizations: [{ org_id: 'o', name: 'O', token_env: 'O_TOKEN' }] }));
    const bad = await loaded([BIN, 'month-end', '--config', config, '--out', join(tmp, 'x'), '--queue', 'http://queue-host:6379'], 'bad');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--queue: must start with redis:// or rediss://');
    expect(queuePeers(bad)).toEqual([]);
  }, 60_000);
});

describe('a refused flag value loads no renderer and no client', () => {
  const HEAVY = /\/dist\/(invoice|einvoice|report)\/index\.js|\/dist\/client\/(reporting|partner|gateway)-client\.js|\/node_modules\/(zod|pdf-lib|undici|handlebars)\//;
  const env = { SVC_BASE_URL: 'http://127.0.0.1:9', SVC_REPORTING_TOKEN: 'tok-test-12345678', SVC_ORG_ID: 'org-test' };
  beforeAll(() => writeFile(join(tmp, 'invoice.json'), '{}'));

  async function urls(args: string[], name: string): Promise<{ heavy: string[]; code: number; stderr: string }> {
    const r = await loaded(args, name, { cwd: tmp, env: { ...env, SVC_CONFIG_DIR: join(tmp, 'cfg') } });
    return { heavy: r.modules.filter((u) => HEAVY.test(u)), code: r.code, stderr: r.stderr };
  }

  it('sees the renderer and the client when they are loaded (the check works)', async () => {
    const r = await urls(['--input-type=module', '-e', `await import(${JSON.stringify(join(ROOT, 'dist/cli/invoices/_make-documents.js'))})`], 'control');
    expect(r.heavy.some((u) => u.includes('/dist/invoice/index.js'))).toBe(true);
    expect(r.heavy.some((u) => u.includes('/dist/client/reporting-client.js'))).toBe(true);
  }, 60_000);

  it.each([
    [['invoices', 'render', 'invoice.json', '--language=x1'], 'svc: --language: unknown language "x1"; available: da, en'],
    [['report', 'plan-cost', '--currency=GBP'], 'svc: --currency must be one of DKK, EUR, USD (got "GBP")'],
    [['report', 'cost', '--month=2026-13'], 'svc: --month: month must be YYYY-MM, e.g. 2026-10 (got "2026-13")'],
    [['usage', '--period=x'], 'svc: --period must be one of today, week, month, last-month (got "x")'],
  ])('svc %s', async (argv, message) => {
    const r = await urls([BIN, ...argv], argv.slice(0, 2).join('-'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
    expect(r.heavy).toEqual([]);
  }, 60_000);
});
