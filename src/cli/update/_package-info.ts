import { readFileSync } from 'node:fs';

/** This package's npm name and version (package.json is the one source). */
export const PACKAGE: { name: string; version: string } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { name: string; version: string };

/** The registry `npm` itself would use: `npm_config_registry` when set, else the public one. */
export function registryUrl(env: Record<string, string | undefined>): string {
  return (env.npm_config_registry?.trim() || 'https://registry.npmjs.org').replace(/\/+$/, '');
}
