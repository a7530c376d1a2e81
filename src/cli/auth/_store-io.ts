import type { CommandIO } from '../_program/command.js';
import { configDir, loadCredentials, updateCredentials, withConfigDir, type Credentials } from '../_credentials/index.js';

/**
 * The credentials of this invocation's config folder, and `update` to change them: the change
 * is applied under a lock to the file as it is then, so concurrent `svc` processes never lose
 * each other's change (a profile saved by one is still there after the other saves).
 */
export async function openStore(
  io: CommandIO,
): Promise<{ dir: string; credentials: Credentials; update(this: void, change: (current: Credentials) => Credentials | undefined): Promise<Credentials> }> {
  const dir = configDir(io.env);
  const credentials = await withConfigDir(io.env, loadCredentials);
  return { dir, credentials, update: (change) => withConfigDir(io.env, (d) => updateCredentials(d, change)) };
}
