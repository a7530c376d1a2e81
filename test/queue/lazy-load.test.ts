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
