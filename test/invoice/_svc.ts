import { PassThrough } from 'node:stream';
import { rootGroup } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/run.js';

export interface SvcResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs one `svc` command line in-process in `cwd`, with `stdin` as its input and no environment. */
export async function svc(argv: string[], cwd: string, stdin = ''): Promise<SvcResult> {
  const out: Buffer[] = [];
  let stderr = '';
  const stdout = new PassThrough();
  stdout.on('data', (c: Buffer) => out.push(c));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const input = new PassThrough();
  input.end(stdin);
  const code = await runCli(rootGroup, argv, { stdin: input, stdout, stderr: err, env: {}, cwd });
  return { code, stdout: Buffer.concat(out), stderr };
}
