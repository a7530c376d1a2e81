// The built `svc` as a user runs it: a child process of dist/cli/main.js (the bin `npm i -g`
// installs), on pipes, on a pseudo-terminal, or left running for a test to signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `svc` (dist/cli/main.js); the global setup builds it first. */
export const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
/** The repository's root: the working folder of a run that names none. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall-clock milliseconds until the process ended. */
  ms: number;
}

/**
 * The environment of a run as the bin gets it here: only what the test gives, plus PATH, HOME
 * (/tmp unless given) and SVC_NO_UPDATE_CHECK, so no stray SVC_* variable of the machine leaks in.
 */
export function binEnv(env: Record<string, string | undefined>): Record<string, string> {
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
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...argv], { cwd: o.cwd ?? REPO, env: binEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
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
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started })));
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the built `svc <argv>` on a pseudo-terminal `columns` wide (util-linux `script`), as a
 * person at a terminal of that width sees it: stdout and stderr together, line ends as `\n`.
 */
export function svcOnTerminal(argv: string[], columns: number, env: Record<string, string | undefined> = {}): Promise<{ code: number | null; out: string }> {
  const cmd = `stty cols ${columns} rows 50; exec ${quote(process.execPath)} ${[BIN, ...argv].map(quote).join(' ')}`;
  const child = spawn('script', ['-qefc', cmd, '/dev/null'], { cwd: REPO, env: binEnv({ TERM: 'xterm', ...env }), stdio: ['pipe', 'pipe', 'pipe'] });
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

export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderrLines(): string[];
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/**
 * Starts the built `svc <args>` and leaves it running (a worker, a coordinator a test interrupts),
 * its stderr collected line by line. Its environment is PATH, CI=1 and what the test gives.
 */
export function startCli(args: string[], env: Record<string, string | undefined>): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, stdout: () => out, stderrLines: () => err.split('\n').filter(Boolean), exited };
}

/** Waits until `check` is true, polling every 100 ms; throws with `what` after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
