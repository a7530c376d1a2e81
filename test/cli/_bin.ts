import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { runCli as RunCli } from '../../src/cli/run.js';
import type { loadCommandManifest as LoadCommandManifest } from '../../src/cli/_manifest.js';

/** The built `svc` (dist/cli/main.js, as `npm i -g` installs it); the global setup builds it first. */
export const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall-clock milliseconds until the process ended. */
  ms: number;
}

/** Only what a test gives, plus PATH and HOME: no stray SVC_* variable of the machine leaks in. */
function baseEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/tmp', SVC_NO_UPDATE_CHECK: '1' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Runs the built `svc <argv>` as a subprocess with output into pipes. With `killAfterMs`, a
 * process still running then is killed (SIGKILL; `code` null): a hang fails its test instead of
 * outliving it.
 */
export function svcBin(argv: string[], env: Record<string, string | undefined> = {}, o: { cwd?: string; stdin?: string; killAfterMs?: number } = {}): Promise<BinResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...argv], { cwd: o.cwd ?? REPO, env: baseEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  if (o.killAfterMs !== undefined) {
    const timer = setTimeout(() => child.kill('SIGKILL'), o.killAfterMs);
    child.once('exit', () => clearTimeout(timer));
  }
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  // A command that refuses its input stops reading it: the rest of the write fails with EPIPE, which is expected.
  child.stdin.on('error', () => {});
  child.stdin.end(o.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })));
}

/** The built command table (dist/cli/commands.manifest.json, lazily loading dist/ modules) and runCli, loaded once per file. */
let built: Promise<{ runCli: typeof RunCli; root: NonNullable<ReturnType<typeof LoadCommandManifest>> }> | undefined;
function loadBuilt(): NonNullable<typeof built> {
  built ??= (async () => {
    const dist = (path: string) => new URL(`../../dist/cli/${path}`, import.meta.url).href;
    const { runCli } = (await import(dist('run.js'))) as { runCli: typeof RunCli };
    const { loadCommandManifest } = (await import(dist('_manifest.js'))) as { loadCommandManifest: typeof LoadCommandManifest };
    const root = loadCommandManifest();
    if (!root) throw new Error('dist/cli/commands.manifest.json is missing: run npm run build');
    return { runCli, root };
  })();
  return built;
}

/**
 * Runs `svc <argv>` as the built bin does (the same command table and runCli from dist/, with
 * io as dist/cli/main.js wires it) but in this process: output into pipes, env and cwd only
 * what `svcBin` would give the child. About 1 ms a case instead of a Node start-up; what it
 * leaves out is main.js itself (stdout's error handling, the update check, the heap flags a
 * process of its own gets: `ownsProcess`), which the tests through `svcBin` keep covering.
 */
export async function svcInProcess(argv: string[], env: Record<string, string | undefined> = {}, o: { cwd?: string; stdin?: string } = {}): Promise<BinResult> {
  const started = Date.now();
  const { runCli, root } = await loadBuilt();
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  const err = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  err.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const stdin = new PassThrough();
  stdin.end(o.stdin ?? '');
  const code = await runCli(root, argv, { stdin, stdout: out, stderr: err, env: baseEnv(env), cwd: o.cwd ?? REPO });
  // The 'data' events of the last writes.
  await new Promise((r) => setImmediate(r));
  return { code, stdout, stderr, ms: Date.now() - started };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the built `svc <argv>` on a pseudo-terminal `columns` wide (util-linux `script`), as a
 * person at a terminal of that width sees it: stdout and stderr together, line ends as `\n`.
 */
export function svcOnTerminal(argv: string[], columns: number, env: Record<string, string | undefined> = {}): Promise<{ code: number | null; out: string }> {
  const cmd = `stty cols ${columns} rows 50; exec ${quote(process.execPath)} ${[BIN, ...argv].map(quote).join(' ')}`;
  const child = spawn('script', ['-qefc', cmd, '/dev/null'], { cwd: REPO, env: baseEnv({ TERM: 'xterm', ...env }), stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out: out.replace(/\r\n/g, '\n') })));
}

/** Lines of terminal output without colour codes, for measuring what a person sees. */
export function visibleLines(out: string): string[] {
  // eslint-disable-next-line no-control-regex
  return out.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
}
