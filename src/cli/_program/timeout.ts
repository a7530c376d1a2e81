import type { Command, CommandIO, OptionSpec, ParsedArgs } from './command.js';
import { str } from './args.js';
import { UsageError } from './usage-error.js';
import { TIMEOUT_RULE, timeoutMsFromSeconds } from '../../client/timeout/index.js';

/** `--timeout SECONDS`, on every command that calls a service. */
export const timeoutOption: Record<string, OptionSpec> = {
  timeout: { type: 'string', valueName: 'SECONDS', description: 'wait at most SECONDS for each answer (default 60, or SVC_TIMEOUT)' },
};

/** What a user can do when time ran out, in the CLI's terms. */
export const TIMEOUT_HINT = 'allow more time with --timeout SECONDS, or SVC_TIMEOUT=SECONDS in the environment';

/**
 * The io a command runs with: when it has `--timeout` and the flag is given, SVC_TIMEOUT of this
 * run is the flag's value. The flag and the variable are one setting, so every client the command
 * makes reads it the one way the library does (timeoutSetting), with the flag winning.
 * @throws UsageError naming --timeout when the value is not a number of seconds
 */
export function withTimeoutFlag(command: Command, args: ParsedArgs, io: CommandIO): CommandIO {
  if (!command.options.timeout) return io;
  const value = str(args, 'timeout');
  if (value === undefined) return io;
  const ms = timeoutMsFromSeconds(value);
  if (ms === undefined) throw new UsageError(`--timeout must be ${TIMEOUT_RULE} (got "${value}")`);
  return { ...io, env: { ...io.env, SVC_TIMEOUT: String(ms / 1000) } };
}
