import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN } from '../_harness/index.js';

// A real pseudo-terminal from util-linux `script`, driving the built `svc` bin (dist/cli/main.js,
// as installed). It used to run src/ through TypeScript hooks, transpiling every module at each
// start (and again in the update check's background process): seconds of CPU a run.
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Text to type once `waitFor` has appeared on the terminal. */
export interface Answer {
  waitFor: string;
  type: string;
}

/** Runs `svc <args>` on a pseudo-terminal; each answer is typed, in turn, once its prompt appears. */
export function onTerminal(args: string, env: Record<string, string>, answers: Answer | Answer[] = []) {
  const queue = Array.isArray(answers) ? [...answers] : [answers];
  const cmd = `${process.execPath} ${BIN} ${args}`;
  const child = spawn('script', ['-qefc', cmd, '/dev/null'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/tmp', TERM: 'xterm', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  // Where the next prompt is looked for: after the one answered last.
  let from = 0;
  const answerNext = () => {
    const next = queue[0];
    if (!next) return;
    const at = out.indexOf(next.waitFor, from);
    if (at === -1) return;
    queue.shift();
    from = at + next.waitFor.length;
    child.stdin.write(next.type);
  };
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    answerNext();
  });
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
}
