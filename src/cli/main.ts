#!/usr/bin/env node
import { rootGroup } from './commands.js';
import { runCli } from './run.js';
import { afterCommand } from './_update/auto-check.js';

const argv = process.argv.slice(2);
const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
};
const code = await runCli(rootGroup, argv, io);
process.exitCode = code;
// The once-a-day release check: a cached notice now, a detached refresh for the next run.
if (argv[0] !== 'update') await afterCommand(io).catch(() => {});
