import { PassThrough } from 'node:stream';
import { rootGroup } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/run.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one `svc` command line in-process with the given environment and working folder. Output
 * goes into a pipe, or with `columns` to a terminal that wide (colour off, NO_COLOR).
 */
export async function svc(argv: string[], env: Record<string, string | undefined>, cwd = process.cwd(), columns?: number): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  if (columns !== undefined) Object.assign(out, { isTTY: true, columns });
  if (columns !== undefined) env = { NO_COLOR: '1', ...env };
  out.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await runCli(rootGroup, argv, { stdin: new PassThrough(), stdout: out, stderr: err, env, cwd });
  return { code, stdout, stderr };
}
