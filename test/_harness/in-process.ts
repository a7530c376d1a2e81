// `svc` run in this process: the built command table and runCli from dist/, with stdin, stdout and
// stderr as pipes (or terminals of a given width). About 1 ms a case instead of a Node start-up;
// what it leaves out is dist/cli/main.js itself (stdout's error handling, the update check, the
// heap flags a process of its own gets: `ownsProcess`), which the tests through `svcBin` cover.
import { PassThrough } from 'node:stream';
import type { CommandGroup } from '../../src/cli/_program/command.js';
import type { runCli as RunCli } from '../../src/cli/run.js';
import type { loadCommandManifest as LoadCommandManifest } from '../../src/cli/_manifest.js';
import { binEnv, REPO } from './bin.js';

/** The built command table (dist/cli/commands.manifest.json, loading dist/ modules lazily) and runCli, loaded once per worker. */
let built: Promise<{ runCli: typeof RunCli; root: CommandGroup }> | undefined;
function loadBuilt(): NonNullable<typeof built> {
  built ??= (async () => {
    const dist = (path: string) => new URL(`../../dist/cli/${path}`, import.meta.url).href;
    const { runCli } = (await import(dist('run.js'))) as { runCli: typeof RunCli };
    const { loadCommandManifest } = (await import(dist('_manifest.js'))) as { loadCommandManifest: typeof LoadCommandManifest };
    const root = loadCommandManifest();
    if (!root) throw new Error('dist/cli/commands.manifest.json is missing: run npm run build');
    return { runCli, root };
  })();
  return built;
}

export interface SvcOptions {
  /** The whole environment svc sees: nothing of this process's leaks in. */
  env?: Record<string, string | undefined> | undefined;
  /** Its working folder; this process's when not given. */
  cwd?: string | undefined;
  stdin?: string | undefined;
  /** stdout is a terminal this wide (stderr stays a pipe); colour off (NO_COLOR) unless env says. */
  columns?: number | undefined;
  /** stdout and stderr are both terminals (`columns` wide, 80 when not given; colour as env says). */
  tty?: boolean | undefined;
  /** Another command table (a test's own root group); the built one, as the bin's, when not given. */
  root?: CommandGroup | undefined;
}

export interface SvcResult {
  code: number;
  stdout: string;
  /** stdout as bytes, for a command that writes a PDF or other binary to it. */
  stdoutBytes: Buffer;
  stderr: string;
  /** Wall-clock milliseconds until runCli returned. */
  ms: number;
}

function sink(columns: number | undefined): PassThrough & { isTTY?: boolean; columns?: number; bytes: Buffer[] } {
  const s = Object.assign(new PassThrough(), { bytes: [] as Buffer[] });
  s.on('data', (c: Buffer) => s.bytes.push(c));
  if (columns !== undefined) Object.assign(s, { isTTY: true, columns });
  return s;
}

/** Runs `svc <argv>` in this process with exactly the environment `o.env` gives. */
export async function svc(argv: string[], o: SvcOptions = {}): Promise<SvcResult> {
  const started = performance.now();
  const { runCli, root } = await loadBuilt();
  const terminal = o.tty || o.columns !== undefined;
  const stdout = sink(terminal ? (o.columns ?? 80) : undefined);
  const stderr = sink(o.tty ? (o.columns ?? 80) : undefined);
  const stdin = new PassThrough();
  stdin.end(o.stdin ?? '');
  const env = o.columns !== undefined ? { NO_COLOR: '1', ...o.env } : { ...o.env };
  const code = await runCli(o.root ?? root, argv, { stdin, stdout, stderr, env, cwd: o.cwd ?? process.cwd() });
  // The 'data' events of the last writes.
  await new Promise((r) => setImmediate(r));
  const stdoutBytes = Buffer.concat(stdout.bytes);
  return { code, stdout: stdoutBytes.toString('utf8'), stdoutBytes, stderr: Buffer.concat(stderr.bytes).toString('utf8'), ms: performance.now() - started };
}

/**
 * Runs `svc <argv>` in this process as `svcBin` runs the bin: the environment `binEnv` makes of
 * `env` (PATH, HOME, SVC_NO_UPDATE_CHECK and what the test gives), the repository as its folder.
 */
export function svcInProcess(argv: string[], env: Record<string, string | undefined> = {}, o: Omit<SvcOptions, 'env'> = {}): Promise<SvcResult> {
  return svc(argv, { ...o, env: binEnv(env), cwd: o.cwd ?? REPO });
}
