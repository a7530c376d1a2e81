import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { sha256 } from '../../src/runner/manifest/hash.js';
import { configFor, readTokens, svcInProcess } from '../_harness/index.js';

// `svc month-end` as a user runs it: the built code in-process (svcInProcess) for exit codes,
// messages and files, --threads included (its workers run dist/), and the built CLI as a child
// process for the runs that get killed; their reruns are in-process.

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/cli/main.js');

let tmp: string;
let data: string;
let server: ReferenceServer;
const ORGS = 8;
beforeAll(async () => {
  // The built CLI is what users run; test/_global-setup.ts has rebuilt dist/ if the sources are newer.
  tmp = await mkdtemp(join(tmpdir(), 'svc-month-end-cli-'));
  data = join(tmp, 'data');
  // 8 organizations: enough that a run at --concurrency 1 is still going when it is killed
  // after its 2nd or 3rd workbook (five or six left, each a PDF, XML and workbook in a process
  // still warming up), and the reruns have most of the month left to do. It was 12; every
  // organization more is one more rendered in each rerun.
  generateDataset({ orgs: ORGS, keysPerOrg: 5, months: 3, seed: 'month-end-cli', out: data });
  server = await startReferenceServer({ dataDir: data });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** `svc <argv>` in this process (the built command table and runCli), in the file's folder. */
const cli = (argv: string[], env: Record<string, string | undefined> = {}) => svcInProcess(argv, env, { cwd: tmp });

async function writeConfig(name: string, config: unknown): Promise<string> {
  const path = join(tmp, name);
  await writeFile(path, typeof config === 'string' ? config : JSON.stringify(config));
  return path;
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Every document is whole: PDFs end with %%EOF, JSON parses, workbooks are complete zips. */
async function assertNoPartialFile(dir: string): Promise<void> {
  for (const f of await filesUnder(dir)) {
    if (f.includes('.svc-tmp-') || f.endsWith('.lock')) continue;
    const bytes = await readFile(f);
    if (f.endsWith('.pdf')) expect(bytes.subarray(-8).toString('latin1'), f).toMatch(/%%EOF\s*$/);
    else if (f.endsWith('.json')) expect(() => JSON.parse(bytes.toString('utf8')), f).not.toThrow();
    else if (f.endsWith('.xlsx')) expect(bytes.includes(Buffer.from('PK\u0005\u0006', 'latin1')), f).toBe(true);
  }
}

function spawnRun(configPath: string, out: string, env: Record<string, string>, extra: string[] = ['--concurrency', '1']): ChildProcess {
  return spawn(process.execPath, [BIN, 'month-end', '--month', '2026-10', '--config', configPath, '--out', out, ...extra], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits until `dir` holds at least `count` files ending in `ext` (`.xlsx`: that many organizations' workbooks done). */
async function waitForFiles(dir: string, ext: string, count: number, child: ChildProcess, everyMs = 10): Promise<void> {
  for (let i = 0; i < 15_000 / everyMs; i++) {
    if ((await filesUnder(dir)).filter((f) => f.endsWith(ext)).length >= count) return;
    if (child.exitCode !== null) throw new Error('the run finished before it could be interrupted');
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('the run did not get going');
}

const waitForOrgFolders = (dir: string, count: number, child: ChildProcess) => waitForFiles(dir, '.xlsx', count, child);

const exited = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));

describe('svc demo', () => {
  it('runs the month end over the bundled samples and says where everything is', async () => {
    const out = join(tmp, 'demo');
    const r = await cli(['demo', '--out', out], { PATH: process.env.PATH });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('month end for 2026-10');
    expect(r.stdout).toContain(join(out, '2026-10', 'manifest.json'));
    expect(r.stdout).toContain(join(out, '2026-10', 'summary.md'));
    expect(r.stdout).toContain(join(out, '2026-10', 'index.html'));
    expect(r.stdout).toContain(join(out, '2026-10', 'partner-status.xlsx'));
    for (const f of ['org-nordlys/invoice-2026-0142.pdf', 'org-nordlys/cost-2026-10.xlsx', 'org-fjordline/invoice-2026-0143.pdf', 'summary.md', 'index.html']) {
      expect(existsSync(join(out, '2026-10', f)), f).toBe(true);
    }
    // The temporary config named the variables; no token reached any file.
    const tokens = await readTokens();
    for (const f of await filesUnder(out)) {
      const text = (await readFile(f)).toString('latin1');
      for (const { token } of [...tokens.orgs, ...tokens.partners]) expect(text.includes(token)).toBe(false);
    }
  }, 60_000);
});

describe('svc month-end', () => {
  it('refuses a bad config or bad flags with exit 2, naming the field or flag', async () => {
    const { config } = configFor(server.url, await readTokens(data));
    const out = join(tmp, 'bad');
    const bad = structuredClone(config) as Record<string, any>;
    delete bad.organizations[2].token_env;
    let r = await cli(['month-end', '--config', await writeConfig('bad.json', bad), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('organizations[2].token_env: missing');
    r = await cli(['month-end', '--config', await writeConfig('notjson.json', '{'), '--out', out]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('notjson.json: $: not valid JSON')]);
    r = await cli(['month-end', '--config', join(tmp, 'absent.json'), '--out', out]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--config: cannot read')]);
    r = await cli(['month-end', '--config', await writeConfig('ok.json', config)]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--out is required')]);
    r = await cli(['month-end', '--config', join(tmp, 'ok.json'), '--out', out, '--month', '2026-13']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--month must be a month written YYYY-MM (got "2026-13")')]);
    r = await cli(['month-end', '--config', join(tmp, 'ok.json'), '--out', out, '--concurrency', 'many']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--concurrency')]);
    r = await cli(['month-end', '--config', join(tmp, 'ok.json'), '--out', out, '--language', 'xx']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--language')]);
    expect(existsSync(out)).toBe(false);
  });

  it('--json prints the summary; a missing token variable fails that organization only (exit 1)', async () => {
    const { config, env } = configFor(server.url, await readTokens(data));
    config.organizations = config.organizations.slice(0, 3);
    const path = await writeConfig('three.json', config);
    const first = config.organizations[0]!;
    const r = await cli(['month-end', '--config', path, '--out', join(tmp, 'json'), '--month', '2026-10', '--json'], { ...env, [first.token_env]: undefined });
    expect(r.code).toBe(1);
    const printed = JSON.parse(r.stdout) as { summary: { ok: number; failed: number }; organizations: Array<{ status: string; error?: string }> };
    expect(printed.summary).toMatchObject({ ok: 2, failed: 1 });
    expect(printed.organizations[0]!.error).toContain(first.token_env);
    expect(r.stderr).toMatch(/\[3\/3\]/); // plain progress lines when stderr is not a terminal
  });

  it('a partner workbook that fails alone exits 1 with one line on stderr saying why (it has no progress line of its own)', async () => {
    const { config, env } = configFor(server.url, await readTokens(data), true);
    config.organizations = config.organizations.slice(0, 1);
    const path = await writeConfig('partner.json', config);
    const r = await cli(['month-end', '--config', path, '--out', join(tmp, 'partner'), '--month', '2026-10'], { ...env, TEST_PARTNER_TOKEN: undefined });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^svc: the partner workbook failed: .*TEST_PARTNER_TOKEN.*; a rerun retries it$/m);
    expect(r.stdout).toContain('The partner workbook failed (why is in the summary); a rerun retries it.');
  });

  it('--threads 2 --with-service-pdf: worker threads make the same documents plus the service PDFs; a one-thread rerun skips them', async () => {
    const { config, env } = configFor(server.url, await readTokens(data));
    // Four organizations: two for each thread (each thread loads its own renderers, the cost that counts here).
    config.organizations = config.organizations.slice(0, 4);
    const path = await writeConfig('four.json', config);
    const out = join(tmp, 'threads');
    const threaded = await cli(['month-end', '--month', '2026-10', '--config', path, '--out', out, '--threads', '2', '--with-service-pdf', '--json'], env);
    expect(threaded.code, threaded.stderr).toBe(0);
    // The run says how it runs, and whose choice that was.
    expect(threaded.stderr).toContain('svc: 4 organizations, 4 at once on 2 worker threads (--threads; --threads N and --concurrency N change it)');
    expect(JSON.parse(threaded.stdout).summary).toMatchObject({ ok: 4, failed: 0 });
    const manifest = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { files: Array<{ path: string; kind: string; sha256: string }> };
    const service = manifest.files.filter((f) => f.kind === 'service_pdf');
    expect(service.length).toBeGreaterThanOrEqual(4);
    for (const f of manifest.files) {
      const bytes = await readFile(join(out, '2026-10', f.path));
      expect(sha256(bytes)).toBe(f.sha256);
      if (f.path.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const r = await cli(['month-end', '--config', path, '--out', out, '--month', '2026-10', '--with-service-pdf', '--json'], env);
    expect(r.code).toBe(0);
    // Four organizations are too few for a worker thread to pay for its start.
    expect(r.stderr).toMatch(/^svc: 4 organizations, 4 at once on the main thread \(the default for 4 organizations on \d+ cores?; --threads N and --concurrency N change it\)$/m);
    // Only the run's own summary.md and index.html are written anew.
    expect(JSON.parse(r.stdout).summary).toMatchObject({ written: 2, rewritten: 0, unchanged: manifest.files.length - 2 });
  }, 60_000);

  it('a run killed with SIGKILL leaves no partial file; the rerun cleans up and completes', async () => {
    const { config, env } = configFor(server.url, await readTokens(data));
    const path = await writeConfig('all.json', config);
    const out = join(tmp, 'killed');
    const child = spawnRun(path, out, env);
    await waitForOrgFolders(join(out, '2026-10'), 3, child);
    child.kill('SIGKILL');
    await exited(child);
    await assertNoPartialFile(join(out, '2026-10'));
    const left = (await filesUnder(join(out, '2026-10'))).filter((f) => !f.includes('.svc-tmp-') && !f.endsWith('.lock') && !f.endsWith('manifest.json'));
    expect(left.length).toBeGreaterThanOrEqual(3);
    // What the killed run left behind: a checkpoint manifest marked in_progress, never a finished one.
    const checkpoint = existsSync(join(out, '2026-10', 'manifest.json'))
      ? (JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { in_progress?: boolean; files: Array<{ path: string }> })
      : { in_progress: true, files: [] };
    expect(checkpoint.in_progress).toBe(true);
    const checkpointed = new Set(checkpoint.files.map((f) => f.path));

    const rerun = await cli(['month-end', '--month', '2026-10', '--config', path, '--out', out, '--concurrency', '1'], env);
    expect(rerun.code, rerun.stderr).toBe(0);
    const files = await filesUnder(join(out, '2026-10'));
    expect(files.filter((f) => f.includes('.svc-tmp-') || f.endsWith('.lock'))).toEqual([]);
    await assertNoPartialFile(join(out, '2026-10'));
    const manifest = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { in_progress?: boolean; summary: { ok: number }; files: Array<{ path: string; sha256: string; status: string }> };
    expect([manifest.in_progress, manifest.summary.ok]).toEqual([undefined, ORGS]);
    // Whole files the killed run left are kept, not written again: checkpointed ones by source
    // hash, the others because producing them again gave the same bytes (every output is deterministic).
    const monthDir = join(out, '2026-10') + '/';
    for (const l of left) {
      const entry = manifest.files.find((f) => f.path === l.slice(monthDir.length))!;
      expect(`${entry.path} ${entry.status}`).toBe(`${entry.path} unchanged`);
    }
    // A checkpoint lists only files that were whole on disk.
    for (const path of checkpointed) expect(left.map((l) => l.slice(monthDir.length))).toContain(path);
    for (const f of manifest.files) expect(sha256(await readFile(join(out, '2026-10', f.path)))).toBe(f.sha256);
  }, 60_000);

  it('SIGINT stops in order: exit 130, a manifest of what is done; the rerun resumes without redoing it', async () => {
    const { config, env } = configFor(server.url, await readTokens(data));
    const path = await writeConfig('all.json', config);
    const out = join(tmp, 'interrupted');
    const child = spawnRun(path, out, env);
    await waitForOrgFolders(join(out, '2026-10'), 2, child);
    // Stopped once the third organization has written a document (its invoice PDF) and is still
    // going: an organization stopped half-way keeps the answers it had (kept-answers.ts).
    const pdfs = (await filesUnder(join(out, '2026-10'))).filter((f) => f.endsWith('.pdf')).length;
    await waitForFiles(join(out, '2026-10'), '.pdf', pdfs + 1, child, 2);
    child.kill('SIGINT');
    expect((await exited(child)).code).toBe(130);
    const first = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as {
      interrupted: boolean;
      summary: { ok: number; not_run: number };
      organizations: Array<{ org_id: string; status: string }>;
      files: Array<{ path: string; org_id: string | null; kind: string }>;
    };
    expect(first.interrupted).toBe(true);
    expect(first.summary.ok).toBeGreaterThanOrEqual(2);
    expect(first.summary.not_run).toBeGreaterThan(0);
    await assertNoPartialFile(join(out, '2026-10'));

    const rerun = await cli(['month-end', '--month', '2026-10', '--config', path, '--out', out, '--concurrency', '1'], env);
    expect(rerun.code, rerun.stderr).toBe(0);
    const second = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as { interrupted: boolean; summary: { ok: number }; files: Array<{ path: string; status: string }> };
    expect([second.interrupted, second.summary.ok]).toEqual([false, ORGS]);
    // Nothing done is made again: every file of the organizations the first run finished, and every
    // document of the one it stopped. Not the run's own documents (summary, page, books: the
    // organizations done later change them), nor the stopped organization's index of kept answers,
    // which lists the answers it had and grows when the rerun finishes it.
    const finished = new Set(first.organizations.filter((o) => o.status === 'ok').map((o) => o.org_id));
    const done = new Set(
      first.files
        .filter((f) => f.path !== 'summary.md' && f.path !== 'index.html' && !f.path.startsWith('books/'))
        .filter((f) => f.kind !== 'api_answers' || (f.org_id !== null && finished.has(f.org_id)))
        .map((f) => f.path),
    );
    expect(done.size).toBeGreaterThan(0);
    expect(second.files.filter((f) => done.has(f.path) && f.status !== 'unchanged')).toEqual([]);
  }, 60_000);
});
