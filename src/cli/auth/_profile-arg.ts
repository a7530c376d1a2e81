import { profileName } from '../_credentials/index.js';
import { UsageError } from '../_program/usage-error.js';

/** A profile name from the command line, checked. @throws UsageError naming `what` */
export function profileArg(value: string, what: string): string {
  if (!profileName.safeParse(value).success) {
    throw new UsageError(`${what} "${value}" is not a valid name: use letters, digits, ".", "_" or "-" (at most 64)`);
  }
  return value;
}
