// A real redis-server for the queue tests: its own port, its own temp folder, no persistence.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { probePort, refusedPort } from './refused-port.js';

// ioredis through require, as src/queue/_peers.ts loads it for the coordinators these tests run in
// their own process: an import of the package runs its CommonJS build through Node's ESM loader,
// 0.25 s of CPU against 0.18 s for a require (node 20, after the client's undici, two runs each).
// Required at the first startRedis, so the files that import the harness for something else never load it.
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;

/** Path of redis-server, or undefined where it is not installed (Debian: apt-get install redis-server). */
export function redisServerPath(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  return r.status === 0 && path ? path : undefined;
}

export const NO_REDIS_REASON = 'skipped: no redis-server on this machine (Debian: apt-get install redis-server; .ci/run installs it)';

export interface TestRedis {
  url: string;
  /** Every key and, raw, every value (strings, hashes, lists, sets, sorted sets, streams). */
  dump(): Promise<Buffer[]>;
  keys(): Promise<string[]>;
  /** The ids of the queue's active jobs and who has each (BullMQ's `processedBy`). */
  activeJobs(queue: string): Promise<Array<{ id: string; by: string | null }>>;
  /** Ends redis-server: SIGKILL (killed) by default, SIGTERM for an orderly shutdown (stopped). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGSTOP: redis-server keeps its connections open and answers nothing (silent), until `resume`. */
  pause(): void;
  /** SIGCONT after `pause`: it answers again, with its data. */
  resume(): void;
}

/** redis-server on `port`, once it takes connections; undefined when it exits first (the port taken meanwhile). */
async function redisOn(port: number, dir: string): Promise<ChildProcess | undefined> {
  const child: ChildProcess = spawn(redisServerPath() ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; (await probePort(port)) !== 'connected'; i++) {
    if (child.exitCode !== null) return undefined;
    if (i > 100) {
      child.kill('SIGKILL');
      return undefined;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Its own, not another process that took the port: it is still running.
  return child.exitCode === null ? child : undefined;
}

export async function startRedis(): Promise<TestRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-redis-'));
  // Below the ephemeral range: no other test's server is given it while redis starts. Two
  // startRedis at once may pick the same one: the second redis-server exits, and tries another.
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 0; !child; attempt++) {
    port = await refusedPort();
    child = await redisOn(port, dir);
    if (!child && attempt >= 2) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start (last tried port ${port})`);
    }
  }
  const client = new (loadRedis())({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
  return {
    url: `redis://127.0.0.1:${port}`,
    async dump() {
      const out: Buffer[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await client.scanBuffer(cursor, 'COUNT', 1000);
        cursor = String(next);
        for (const key of keys) {
          out.push(key);
          const type = await client.type(key);
          if (type === 'string') out.push((await client.getBuffer(key)) ?? Buffer.alloc(0));
          else if (type === 'hash') for (const [k, v] of Object.entries(await client.hgetallBuffer(key))) out.push(Buffer.from(k), v);
          else if (type === 'list') out.push(...(await client.lrangeBuffer(key, 0, -1)));
          else if (type === 'set') out.push(...(await client.smembersBuffer(key)));
          else if (type === 'zset') out.push(...(await client.zrangeBuffer(key, 0, '-1')));
          else if (type === 'stream') for (const [, fields] of await client.xrangeBuffer(key, '-', '+')) out.push(...fields);
        }
      } while (cursor !== '0');
      return out;
    },
    async activeJobs(queue: string) {
      const ids = await client.lrange(`bull:${queue}:active`, 0, -1);
      return Promise.all(ids.map(async (id) => ({ id, by: await client.hget(`bull:${queue}:${id}`, 'pb') })));
    },
    async keys() {
      return (await client.keys('*')).sort();
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async stop(signal: NodeJS.Signals = 'SIGKILL') {
      client.disconnect();
      // A paused server is continued first, so it can act on the signal (SIGTERM) and its port is free.
      child.kill('SIGCONT');
      child.kill(signal);
      // Killed by a signal, a child has a signalCode and no exitCode: either means it has gone (a second stop() must not wait).
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
