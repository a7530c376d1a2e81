#!/usr/bin/env node
import { rootGroup } from './commands.js';
import { runCli } from './run.js';

const code = await runCli(rootGroup, process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = code;
