import type { CommandIO } from '../_command.js';
import { configDir, loadCredentials, saveCredentials, type Credentials } from '../_credentials/index.js';

/** The credentials of this invocation's config folder, and a way to save a changed copy. */
export async function openStore(io: CommandIO): Promise<{ dir: string; credentials: Credentials; save(c: Credentials): Promise<void> }> {
  const dir = configDir(io.env);
  const credentials = await loadCredentials(dir);
  return { dir, credentials, save: (c) => saveCredentials(dir, c) };
}
