import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

/** Runs the built `svc <argv>` as a subprocess with output into pipes. */
export function svcBin(argv: string[], env: Record<string, string | undefined> = {}, o: { cwd?: string; stdin?: string } = {}): Promise<BinResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...argv], { cwd: o.cwd ?? REPO, env: baseEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  // A command that refuses its input stops reading it: the rest of the write fails with EPIPE, which is expected.
  child.stdin.on('error', () => {});
  child.stdin.end(o.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })));
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
