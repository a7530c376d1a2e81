import type { CommandGroup, CommandIO } from './_program/command.js';
import { isGroup } from './_program/command.js';
import { parseCommandArgs } from './_program/args.js';
import { commandHelp, findCommand, groupHelp } from './_program/help.js';
import { describeError } from './_program/errors.js';
import { UsageError } from './_program/usage-error.js';
import { VERSION } from '../version.js';
import { escapeControls } from '../core/index.js';
import { didYouMean } from './_program/suggest.js';
import { withTimeoutFlag } from './_program/timeout.js';
import { runWithJq } from './_program/jq.js';
import { maskSecrets } from './_program/mask-secrets.js';
import { clockFromEnv, useClock, type Clock } from '../core/index.js';

/** `svc: unknown command "usge" for "svc"`, what it may have meant, and where the list is. */
function unknownCommand(io: CommandIO, group: CommandGroup, path: string, word: string): number {
  const hint = didYouMean(word, group.commands.map((c) => c.name), (name) => `"${path} ${name}"`);
  io.stderr.write(`svc: unknown command "${escapeControls(word)}" for "${path}"\n${hint}Run "${path} --help" for the list of commands.\n`);
  return 2;
}

/**
 * `svc help [command…]` (and `svc auth help status`): the help of the command named after `help`,
 * exactly as its `--help` prints it. Handled here, not as a command of the tree, so every command
 * and group, also those added later, has it.
 */
function help(io: CommandIO, root: CommandGroup, group: CommandGroup, path: string, words: string[]): number {
  const { node, path: target, rest } = findCommand(group, words, path);
  const leftover = rest.find((w) => !w.startsWith('-'));
  if (leftover !== undefined) {
    if (isGroup(node)) return unknownCommand(io, node, target, leftover);
    io.stderr.write(`svc: "${target}" has no subcommand "${escapeControls(leftover)}"\nRun "${target} --help" for its flags and examples.\n`);
    return 2;
  }
  io.stdout.write(isGroup(node) ? groupHelp(node, target, node === root) : commandHelp(node));
  return 0;
}

/**
 * Runs one `svc` command line against injected io and returns the exit code:
 * 0 ok, 1 the command failed, 2 the command line itself was wrong.
 */
export async function runCli(root: CommandGroup, argv: string[], io: CommandIO): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-V') {
    io.stdout.write(`svc ${VERSION}\n`);
    return 0;
  }
  const { node, path, rest } = findCommand(root, argv, root.name);
  const wantsHelp = rest.includes('--help') || rest.includes('-h');
  if (isGroup(node)) {
    // `svc worker --help`: an unknown command stays unknown whatever flags follow it.
    const unknown = rest[0] !== undefined && !rest[0].startsWith('-') ? rest[0] : undefined;
    if (unknown === 'help') return help(io, root, node, path, rest.slice(1));
    if (unknown === undefined && (rest.length === 0 || wantsHelp)) {
      io.stdout.write(groupHelp(node, path, node === root));
      return rest.length === 0 && node !== root ? 2 : 0;
    }
    if (unknown !== undefined) return unknownCommand(io, node, path, unknown);
    io.stderr.write(`svc: unknown flag ${escapeControls(rest[0]!)} for "${path}"\nRun "${path} --help" for the list of commands.\n`);
    return 2;
  }
  if (wantsHelp) {
    io.stdout.write(commandHelp(node));
    return 0;
  }
  // SVC_NOW sets the one clock for this command (tests, and a day to reproduce); bad, it is refused first.
  let clock: Clock | undefined;
  try {
    clock = clockFromEnv(io.env);
  } catch (e) {
    io.stderr.write(`svc: ${(e as Error).message}\n`);
    return 2;
  }
  const restoreClock = clock ? useClock(clock) : undefined;
  // The organization the command is about is public in its messages, though its token may hold its id.
  let org = io.env.SVC_ORG_ID;
  try {
    const args = parseCommandArgs(node, rest, path);
    if (typeof args.values.org === 'string') org = args.values.org;
    return (await runWithJq(io, args, (out, a) => node.run(withTimeoutFlag(node, a, out), a))) ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`svc: ${maskSecrets(e.message, io.env, [org])}\nRun "${path} --help" for usage.\n`);
      return 2;
    }
    const { message, exitCode } = describeError(e, io.env);
    io.stderr.write(`svc: ${maskSecrets(message, io.env, [org])}\n`);
    return exitCode;
  } finally {
    restoreClock?.();
  }
}
