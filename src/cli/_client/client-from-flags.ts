import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { ConfigurationError } from '../../client/errors/index.js';
import { UsageError } from '../_program/usage-error.js';

/** One line per request on stderr (tokens masked) when SVC_DEBUG is set. */
export function debugLogger(io: CommandIO): ((line: string) => void) | undefined {
  return io.env.SVC_DEBUG ? (line: string) => io.stderr.write(`${line}\n`) : undefined;
}

/**
 * A client made from flags and the environment; a bad `--base-url` or `--org` (a flag value, not
 * the environment) is a UsageError naming the flag, so it exits 2 like every bad flag value.
 */
export function fromFlags<T>(args: ParsedArgs, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof ConfigurationError) {
      const flag = e.setting === 'SVC_BASE_URL' || e.setting === 'baseUrl' ? 'base-url' : e.setting === 'SVC_ORG_ID' ? 'org' : undefined;
      if (flag !== undefined && str(args, flag) !== undefined) throw new UsageError(`--${flag}: ${e.message}`);
    }
    throw e;
  }
}
