import { PassThrough } from 'node:stream';
import { rootGroup } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/run.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one `svc` command line in-process with the given environment and working folder. */
export async function svc(argv: string[], env: Record<string, string | undefined>, cwd = process.cwd()): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await runCli(rootGroup, argv, { stdin: new PassThrough(), stdout: out, stderr: err, env, cwd });
  return { code, stdout, stderr };
}
