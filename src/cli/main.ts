#!/usr/bin/env node
import { runCli } from './run.js';
import { loadCommandManifest } from './_manifest.js';
import { updateCheckAllowed } from './update/_check-allowed.js';
import { EXIT_READER_GONE, standardOutput, stdoutFailure } from './_program/stdout.js';

const argv = process.argv.slice(2);
const stdout = standardOutput();
// A reader that closed the pipe early (`| head -1`) took what it wanted: quiet, exit 141 as git
// and coreutils under SIGPIPE. Output that could not all be written otherwise (a full disk, a
// file size limit, /dev/full) is incomplete: one line and exit 1, never a stack trace or exit 0.
stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(EXIT_READER_GONE);
  process.stderr.write(stdoutFailure(e));
  process.exit(1);
});
// stderr itself gone: nothing can be said, but the exit code still tells.
process.stderr.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? (process.exitCode ?? 0) : 1));
const io = {
  stdin: process.stdin,
  stdout: stdout as typeof process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  ownsProcess: true,
};
// The manifest keeps start-up fast; without it (a build that skipped postbuild) load every command.
const root = loadCommandManifest() ?? (await import('./commands.js')).rootGroup;
const code = await runCli(root, argv, io);
process.exitCode = code;
// The once-a-day release check: a cached notice now, a detached refresh for the next run. Its
// modules load only when it may run (a person at a terminal), not for a pipe, a script or CI.
if (argv[0] !== 'update' && updateCheckAllowed(io)) await import('./update/_auto-check.js').then((m) => m.afterCommand(io)).catch(() => {});
