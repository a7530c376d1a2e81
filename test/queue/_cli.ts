// The built `svc` as a child process, its stderr collected line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderrLines(): string[];
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

export function startCli(args: string[], env: Record<string, string | undefined>): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, stdout: () => out, stderrLines: () => err.split('\n').filter(Boolean), exited };
}

/** Waits until `check` is true, polling; throws with `what` after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
