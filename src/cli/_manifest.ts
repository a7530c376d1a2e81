import { readFileSync } from 'node:fs';
import type { Command, CommandGroup } from './_program/command.js';

/**
 * The command tree without the commands' code, written at build time (_write-manifest.ts)
 * to `dist/cli/commands.manifest.json`. The bin reads it so that `svc --help` or `svc auth token`
 * load only the one command module they run, not pdf-lib, the workbook writer and the server as well.
 */
export type ManifestCommand = Omit<Command, 'run'> & {
  /** Module path relative to `dist/cli/`, and the export holding the Command. */
  module: string;
  exportName: string;
};

export interface ManifestGroup {
  name: string;
  summary: string;
  commands: Array<ManifestCommand | ManifestGroup>;
}

const MANIFEST_URL = new URL('./commands.manifest.json', import.meta.url);

function lazyCommand(entry: ManifestCommand): Command {
  const { module, exportName, ...meta } = entry;
  return {
    ...meta,
    async run(io, args) {
      const mod = (await import(new URL(module, MANIFEST_URL).href)) as Record<string, Command>;
      const command = mod[exportName];
      if (!command) throw new Error(`svc is built wrongly: ${module} has no ${exportName}; run npm run build`);
      return command.run(io, args);
    },
  };
}

function toGroup(entry: ManifestGroup): CommandGroup {
  return {
    name: entry.name,
    summary: entry.summary,
    commands: entry.commands.map((c) => ('commands' in c ? toGroup(c) : lazyCommand(c))),
  };
}

/** The lazily loading command tree, or undefined when no manifest was built (then import commands.js). */
export function loadCommandManifest(): CommandGroup | undefined {
  let text: string;
  try {
    text = readFileSync(MANIFEST_URL, 'utf8');
  } catch {
    return undefined;
  }
  return toGroup(JSON.parse(text) as ManifestGroup);
}
