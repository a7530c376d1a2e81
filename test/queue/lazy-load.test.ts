import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// BullMQ and its Redis client load only for --queue and `svc worker`: a month end in one
// process, the package root and the flags' mistakes never load them. A preloaded hook writes
// which of their modules were loaded when the process ends.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'dist/cli/main.js');
const run = promisify(execFile);
let tmp: string;
let hook: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-lazy-'));
  hook = join(tmp, 'hook.cjs');
  await writeFile(hook, `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_OUT, JSON.stringify(Object.keys(require.cache).filter((k) => /node_modules[\\\\/](bullmq|ioredis)[\\\\/]/.test(k)))));\n`);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function loaded(args: string[], name: string): Promise<{ modules: string[]; code: number; stderr: string }> {
  const out = join(tmp, `${name}.json`);
  let code = 0;
  let stderr = '';
  try {
    ({ stderr } = await run(process.execPath, ['--require', hook, ...args], { cwd: ROOT, env: { ...process.env, LOADED_OUT: out, SVC_NO_UPDATE_CHECK: '1' } }));
  } catch (e) {
    ({ code, stderr } = e as { code: number; stderr: string });
  }
  return { modules: JSON.parse(await readFile(out, 'utf8')) as string[], code, stderr };
}

describe('bullmq is loaded only for a queue', () => {
  it('is seen when loaded (the check works)', async () => {
    const r = await loaded(['--input-type=module', '-e', "await import('bullmq')"], 'control');
    expect(r.modules.some((m) => m.includes('bullmq'))).toBe(true);
  });

  it('is not loaded by a month end in one process, the package root, or a refused --queue', async () => {
    const demo = await loaded([BIN, 'demo', '--out', join(tmp, 'demo')], 'demo');
    expect(demo.code).toBe(0);
    expect(demo.modules).toEqual([]);
    const root = await loaded(['--input-type=module', '-e', `await import(${JSON.stringify(join(ROOT, 'dist/index.js'))})`], 'root');
    expect(root.modules).toEqual([]);
    const config = join(tmp, 'runs.json');
    await writeFile(config, JSON.stringify({ base_url: 'http://127.0.0.1:9', organizations: [{ org_id: 'o', name: 'O', token_env: 'O_TOKEN' }] }));
    const bad = await loaded([BIN, 'month-end', '--config', config, '--out', join(tmp, 'x'), '--queue', 'http://queue-host:6379'], 'bad');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--queue: must start with redis:// or rediss://');
    expect(bad.modules).toEqual([]);
  }, 60_000);
});

// Task H6: an operator's typo in a flag value is refused before the command loads its renderers,
// the HTTP client or the workbook writer (about 0.1 s instead of 0.5). A preloaded ESM loader
// hook (module.register) writes the URL of every module the process loads.
describe('a refused flag value loads no renderer and no client', () => {
  const HEAVY = /\/dist\/(invoice|einvoice|report)\/index\.js|\/dist\/client\/(reporting|partner|gateway)-client\.js|\/node_modules\/(zod|pdf-lib|undici|handlebars)\//;
  let register: string;
  beforeAll(async () => {
    const hooks = join(tmp, 'hooks.mjs');
    await writeFile(hooks, "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_URLS, url + '\\n'); return next(url, context); }\n");
    register = join(tmp, 'register.mjs');
    await writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${hooks}`).href)});\n`);
    await writeFile(join(tmp, 'invoice.json'), '{}');
  });

  async function urls(args: string[], name: string): Promise<{ heavy: string[]; code: number; stderr: string }> {
    const out = join(tmp, `${name}.urls`);
    await writeFile(out, '');
    let code = 0;
    let stderr = '';
    const env = { ...process.env, LOADED_URLS: out, SVC_NO_UPDATE_CHECK: '1', SVC_BASE_URL: 'http://127.0.0.1:9', SVC_REPORTING_TOKEN: 'tok-test-12345678', SVC_ORG_ID: 'org-test', SVC_CONFIG_DIR: join(tmp, 'cfg') };
    try {
      ({ stderr } = await run(process.execPath, ['--import', register, ...args], { cwd: tmp, env }));
    } catch (e) {
      ({ code, stderr } = e as { code: number; stderr: string });
    }
    const all = (await readFile(out, 'utf8')).split('\n').filter(Boolean);
    return { heavy: all.filter((u) => HEAVY.test(u)), code, stderr };
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
