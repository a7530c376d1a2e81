#!/usr/bin/env node
import { runCli } from './run.js';
import { loadCommandManifest } from './_manifest.js';
import { afterCommand } from './_update/auto-check.js';

const argv = process.argv.slice(2);
// `svc … | head` closes the pipe early: stop quietly, as other Unix tools do, instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
};
// The manifest keeps start-up fast; without it (a build that skipped postbuild) load every command.
const root = loadCommandManifest() ?? (await import('./commands.js')).rootGroup;
const code = await runCli(root, argv, io);
process.exitCode = code;
// The once-a-day release check: a cached notice now, a detached refresh for the next run.
if (argv[0] !== 'update') await afterCommand(io).catch(() => {});
