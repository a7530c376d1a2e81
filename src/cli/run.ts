import type { CommandGroup, CommandIO } from './_command.js';
import { isGroup } from './_command.js';
import { parseCommandArgs } from './_args.js';
import { commandHelp, findCommand, groupHelp } from './_help.js';
import { describeError } from './_errors.js';
import { UsageError } from './usage-error.js';
import { VERSION } from '../version.js';
import { escapeControls } from '../core/safe-text.js';

/**
 * Runs one `svc` command line against injected io and returns the exit code:
 * 0 ok, 1 the command failed, 2 the command line itself was wrong.
 */
export async function runCli(root: CommandGroup, argv: string[], io: CommandIO): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-V') {
    io.stdout.write(`svc ${VERSION}\n`);
    return 0;
  }
  const { node, path, rest } = findCommand(root, argv);
  const wantsHelp = rest.includes('--help') || rest.includes('-h');
  if (isGroup(node)) {
    // `svc worker --help`: an unknown command stays unknown whatever flags follow it.
    const unknown = rest[0] !== undefined && !rest[0].startsWith('-') ? rest[0] : undefined;
    if (unknown === undefined && (rest.length === 0 || wantsHelp)) {
      io.stdout.write(groupHelp(node, path));
      return rest.length === 0 && node !== root ? 2 : 0;
    }
    io.stderr.write(`svc: unknown command "${escapeControls(unknown ?? rest[0]!)}" for "${path}"\nRun "${path} --help" for the list of commands.\n`);
    return 2;
  }
  if (wantsHelp) {
    io.stdout.write(commandHelp(node));
    return 0;
  }
  try {
    const args = parseCommandArgs(node, rest, path);
    return (await node.run(io, args)) ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`svc: ${e.message}\nRun "${path} --help" for usage.\n`);
      return 2;
    }
    const { message, exitCode } = describeError(e, io.env);
    io.stderr.write(`svc: ${message}\n`);
    return exitCode;
  }
}
