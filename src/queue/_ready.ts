import { QueueUnavailableError } from './errors/common/queue-unavailable-error.js';
import { QueueDatabaseError } from './errors/queue-database-error.js';
import { redisOptions, type QueueConnection } from './_connection.js';
import { ioredis } from './_peers.js';

/** How long to wait for Redis (at start, or when lost mid-run) when neither --timeout nor SVC_TIMEOUT says. */
export const CONNECT_WAIT_MS = 15_000;

interface Connectable {
  waitUntilReady(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/** The cause of a Redis connection error in a few words: `ECONNREFUSED`, `NOAUTH Authentication required.` */
export function reasonOf(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as NodeJS.ErrnoException).code;
  // ioredis messages carry host and port only, never the password.
  return code ? `${code}${e.message.includes(code) ? '' : ` (${e.message})`}` : e.message;
}

/** `p`, or a rejection with `onTimeout()` after `ms`. */
export async function withinMs<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(onTimeout()), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One PING on a connection of its own that never retries: the first thing a queue run or a
 * worker does, before it prints, locks or builds anything. A refused connection or a wrong
 * password fails at once; a silent host (a firewall dropping packets, a server that never
 * answers) after `waitMs`. The database the URL names is selected by hand too: ioredis only
 * reports a SELECT the server refuses as an 'error' event and goes on in database 0, so a run
 * would queue its jobs where its workers never look (and a worker take another run's).
 * @throws QueueUnavailableError naming the URL (without password) and the cause
 * @throws QueueDatabaseError when the server has no such database
 */
export async function probeRedis(connection: QueueConnection, waitMs: number): Promise<void> {
  const { Redis } = ioredis();
  const client = new Redis(connection.options.url, {
    ...redisOptions(connection), lazyConnect: true, connectTimeout: waitMs, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false,
    // ioredis ends the socket on disconnect and destroys it after this many ms unless it closes;
    // a refused socket has closed already and never says so again, so its default 2 s timer kept
    // the process up 2 s after the refusal was said. A probe has nothing left to send.
    disconnectTimeout: 0,
  });
  let last: Error | undefined;
  client.on('error', (e: Error) => { last = e; });
  try {
    await withinMs(client.connect().then(() => client.ping()), waitMs, () => new Error(`no answer within ${waitMs / 1000} s`));
  } catch (e) {
    client.disconnect();
    throw new QueueUnavailableError(connection.where, reasonOf(last ?? e));
  }
  try {
    if (connection.db !== 0) await withinMs(client.select(connection.db), waitMs, () => new Error(`no answer within ${waitMs / 1000} s`));
  } catch (e) {
    throw isDbRefusal(e) ? noSuchDatabase(connection) : new QueueUnavailableError(connection.where, reasonOf(e));
  } finally {
    client.disconnect();
  }
}

/**
 * Waits until a BullMQ object is connected. ioredis retries a refused connection for ever, so
 * without a limit a wrong URL would hang; the last connection error names the cause.
 */
export async function whenReady(target: Connectable, where: string, waitMs = CONNECT_WAIT_MS): Promise<void> {
  let last: Error | undefined;
  target.on('error', (e) => { last = e; });
  try {
    await withinMs(target.waitUntilReady(), waitMs, () => new QueueUnavailableError(where, last ? reasonOf(last) : `no answer within ${waitMs / 1000} s`));
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw e;
    throw new QueueUnavailableError(where, reasonOf(e));
  }
}

/** Redis's answer to SELECT of a database it does not have (`ERR DB index is out of range`; `ERR invalid DB index` from older servers and some proxies). */
export function isDbRefusal(e: unknown): boolean {
  return e instanceof Error && /\bDB index\b/i.test(e.message);
}

/** The error for a URL naming a database the server does not have. */
export function noSuchDatabase(connection: QueueConnection): QueueDatabaseError {
  return new QueueDatabaseError(connection.where, connection.db);
}
