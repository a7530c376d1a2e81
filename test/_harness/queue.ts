// The queue tests' set-up: a temporary folder, a real redis-server, the reference server, run
// configs written into the folder, and `svc` processes (coordinators, workers) that are killed
// if a test leaves them running.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ReferenceServer, ReferenceServerOptions } from '../../src/server/index.js';
import { startCli, type CliProcess } from './bin.js';
import { startRedis, type TestRedis } from './redis.js';
import { configFor } from './run-config.js';
import { readTokens, SAMPLES } from './samples.js';
import { useReferenceServer } from './server.js';
import { cleanup, tempDir } from './temp.js';

export interface QueueSetupOptions {
  /** The temporary folder's name prefix. */
  prefix: string;
  /** Start a redis-server for the file (default true). */
  redis?: boolean;
  /**
   * The reference server's options (the bundled samples when `{}`), or a function of the
   * temporary folder that makes a dataset there and returns them; none when not given.
   */
  server?: ReferenceServerOptions | ((tmp: string) => ReferenceServerOptions | Promise<ReferenceServerOptions>);
}

export interface QueueSetup {
  /** The file's temporary folder, removed after its last test. */
  readonly tmp: string;
  readonly redis: TestRedis;
  readonly server: ReferenceServer;
  /**
   * Writes `name` in `tmp`: a run config for the server's dataset (every organization, or those in
   * `only`), and returns its path and the environment holding the tokens it names.
   */
  configFile(name: string, only?: string[]): Promise<{ path: string; env: Record<string, string> }>;
  /** Starts the built `svc <args>` as a process (startCli), killed after the file if still running. */
  start(args: string[], env?: Record<string, string | undefined>): CliProcess;
  /** Kills, after the file, processes a test started itself. */
  track(...processes: CliProcess[]): void;
}

/** Registers the hooks of a queue test file (or describe block) and returns what they make. */
export function useQueue(o: QueueSetupOptions): QueueSetup {
  const at = { tmp: '', redis: undefined as TestRedis | undefined, dataDir: SAMPLES };
  const started: CliProcess[] = [];
  beforeAll(async () => {
    at.tmp = await tempDir(o.prefix);
    if (o.redis !== false) at.redis = await startRedis();
  }, 60_000);
  const server = o.server === undefined ? undefined : useReferenceServer(async () => {
    const options = typeof o.server === 'function' ? await o.server(at.tmp) : o.server!;
    if (options.dataDir) at.dataDir = options.dataDir;
    return options;
  }, 120_000);
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await at.redis?.stop();
    await cleanup(at.tmp);
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useQueue: this file set up no ${what}`);
    return value;
  };
  return {
    get tmp() {
      return at.tmp;
    },
    get redis() {
      return need(at.redis, 'redis-server');
    },
    get server() {
      return need(server, 'reference server');
    },
    async configFile(name, only) {
      const { config, env } = configFor(need(server, 'reference server').url, await readTokens(at.dataDir), false);
      if (only) config.organizations = config.organizations.filter((org) => only.includes(org.org_id));
      const path = join(at.tmp, name);
      await writeFile(path, JSON.stringify(config));
      return { path, env };
    },
    start(args, env = {}) {
      const p = startCli(args, env);
      started.push(p);
      return p;
    },
    track(...processes) {
      started.push(...processes);
    },
  };
}
