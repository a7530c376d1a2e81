import { PassThrough, Readable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandGroup, CommandIO } from '../../src/cli/_program/command.js';
import { runCli } from '../../src/cli/run.js';
import { authGroup } from '../../src/cli/auth/index.js';
import { modelsCommand } from '../../src/cli/models/models.js';
import { usageCommand } from '../../src/cli/usage/usage.js';
import { searchCommand } from '../../src/cli/search/search.js';
import { makeUpdateCommand } from '../../src/cli/update/update.js';
import type { Install } from '../../src/cli/update/_install-kind.js';

/**
 * The sample dataset's "today" at UTC noon: this computer's clock (SVC_NOW) in these tests unless
 * one gives its own, so output that would remark on a clock unlike the service's never depends on
 * the day the tests run.
 */
export const TODAY = '2026-11-20T12:00:00Z';

/** Where `svc update` in these tests believes it is installed (a global npm install unless a test says otherwise). */
let install: Install = { kind: 'global' };
export function pretendInstalled(kind: Install): void {
  install = kind;
}

/** The key commands of `svc`. */
export const keyRoot: CommandGroup = {
  name: 'svc',
  summary: 'test root',
  commands: [authGroup, modelsCommand, usageCommand, searchCommand, makeUpdateCommand(() => install)],
};

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(isTTY: boolean, columns = 80): PassThrough & { isTTY?: boolean; columns?: number; text(): string } {
  const s = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number; text(): string };
  let text = '';
  s.on('data', (c: Buffer) => (text += c.toString('utf8')));
  s.text = () => text;
  if (isTTY) {
    s.isTTY = true;
    s.columns = columns;
  }
  return s;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  tty?: boolean;
  /** Output to a terminal this wide, colour off (NO_COLOR), as a person reads it. */
  columns?: number;
}

/** Runs `svc <argv>` in-process with captured output; env holds only what the test gives it. */
export async function svc(argv: string[], o: RunOptions = {}): Promise<RunResult> {
  const tty = o.tty ?? o.columns !== undefined;
  const stdout = sink(tty, o.columns);
  const stderr = sink(tty, o.columns);
  const stdin = Readable.from(o.stdin !== undefined ? [Buffer.from(o.stdin)] : []) as CommandIO['stdin'];
  const env = { SVC_NOW: TODAY, ...(o.columns !== undefined ? { NO_COLOR: '1' } : {}), ...o.env };
  const io: CommandIO = { stdin, stdout, stderr, env, cwd: o.cwd ?? process.cwd() };
  const code = await runCli(keyRoot, argv, io);
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A fresh temporary folder; remove it with `cleanup`. */
export async function tempDir(prefix = 'svc-key-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function cleanup(...dirs: string[]): Promise<void> {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
}
