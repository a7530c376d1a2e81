import type { Command } from '../_program/command.js';
import { VERSION } from '../../version.js';

/** `svc version`: the same line as `svc --version`, as gh has both. */
export const versionCommand: Command = {
  name: 'version',
  summary: 'Print the version of svc',
  usage: 'version',
  examples: ['svc version', 'svc --version'],
  options: {},
  run(io) {
    io.stdout.write(`svc ${VERSION}\n`);
    return Promise.resolve(0);
  },
};
