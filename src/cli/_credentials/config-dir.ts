import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { ConfigDirError } from './config-dir-error.js';

/** The application folder name, also used under each OS's config root. */
export const APP_NAME = 'svc';

/**
 * The per-OS folder that holds `credentials.json`: `SVC_CONFIG_DIR` when set; else Linux
 * `$XDG_CONFIG_HOME/svc` or `~/.config/svc`, macOS `~/Library/Application Support/svc`,
 * Windows `%APPDATA%\svc`. Pure apart from its defaults, so every OS can be tested anywhere.
 */
export function configDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env.SVC_CONFIG_DIR?.trim();
  if (override) return platform === 'win32' ? win32.resolve(override) : posix.resolve(override);
  if (platform === 'win32') {
    const appData = env.APPDATA?.trim() || win32.join(home, 'AppData', 'Roaming');
    return win32.join(appData, APP_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_NAME);
  // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const root = xdg && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.config');
  return posix.join(root, APP_NAME);
}

/** The variable that chose the config folder, for messages: `SVC_CONFIG_DIR`, `XDG_CONFIG_HOME` or none. */
export function configDirVariable(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string | undefined {
  if (env.SVC_CONFIG_DIR?.trim()) return 'SVC_CONFIG_DIR';
  if (platform === 'win32') return env.APPDATA?.trim() ? 'APPDATA' : undefined;
  const xdg = env.XDG_CONFIG_HOME?.trim();
  return platform !== 'darwin' && xdg && posix.isAbsolute(xdg) ? 'XDG_CONFIG_HOME' : undefined;
}

/**
 * Runs `use` on the config folder of `env`; a system error about the folder (a file where the
 * folder should be, a place no folder can be made) becomes a ConfigDirError naming the variable.
 */
export async function withConfigDir<T>(env: Record<string, string | undefined>, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = configDir(env);
  try {
    return await use(dir);
  } catch (e) {
    throw ConfigDirError.from(e, dir, configDirVariable(env));
  }
}

/** The credentials file inside `dir`. */
export function credentialsPath(dir: string, platform: NodeJS.Platform = process.platform): string {
  return (platform === 'win32' ? win32 : posix).join(dir, 'credentials.json');
}
