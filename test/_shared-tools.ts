import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The team's shared check tools (`shared/einvoice/validate`, `shared/pdfa/preflight`) live in
 * `shared/` beside the clone (`../shared` from the repository root); SVC_SHARED_DIR points
 * elsewhere. Tests that need them are skipped, saying so, where they are not installed.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SHARED_DIR = process.env.SVC_SHARED_DIR ?? join(dirname(ROOT), 'shared');

export function sharedTool(name: string): string | undefined {
  const path = join(SHARED_DIR, name);
  return existsSync(path) ? path : undefined;
}

/** The Peppol validator, when it and the rule snapshots it reads (a `.mirror` beside shared/) are there. */
export function peppolValidator(): string | undefined {
  const tool = sharedTool('einvoice/validate');
  const mirror = process.env.EINV_MIRROR ?? join(dirname(SHARED_DIR), '.mirror');
  const snapshots = ['kduvekot+ubl-release-package', 'phax+phive-rules'].every((s) => existsSync(join(mirror, s)));
  return tool && snapshots ? tool : undefined;
}

/**
 * The environment for a shared tool that starts a JVM of ours to run: the JVM compiles with C1
 * only and collects with the serial collector. Both tools' JVMs live seconds and read each class
 * a few times, so C2's compiling and G1's threads are work that never pays back. Measured on the
 * 2-core machine (CPU, user+sys): a PDFBox Preflight JVM 1.3 s -> 0.9 s; the Peppol validator on
 * 45 files 14.4 s -> 5.8 s, the same output. The JVM says "Picked up JAVA_TOOL_OPTIONS" on its
 * stderr, which both tools leave out of what they parse (preflight throws it away; the
 * validator's verdicts are on stdout).
 */
export function quickJvmEnv(...extra: string[]): NodeJS.ProcessEnv {
  const options = [process.env.JAVA_TOOL_OPTIONS, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', ...extra].filter(Boolean).join(' ');
  return { ...process.env, JAVA_TOOL_OPTIONS: options };
}
