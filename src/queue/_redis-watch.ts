import { redisOptions, type QueueConnection } from './_connection.js';
import { ioredis } from './_peers.js';
import { QueueUnavailableError } from './errors/common/queue-unavailable-error.js';
import { isDbRefusal, noSuchDatabase, reasonOf, withinMs } from './_ready.js';
import type { QueueDatabaseError } from './errors/queue-database-error.js';

export interface RedisWatch {
  /**
   * Rejects with a QueueUnavailableError once Redis has been gone for the whole wait, or at once
   * with a QueueDatabaseError when Redis came back without the URL's database; never resolves.
   */
  readonly lost: Promise<never>;
  /** The error `lost` rejected with, once it has. */
  readonly error: QueueUnavailableError | QueueDatabaseError | undefined;
  /** `p`, or the loss of Redis, whichever comes first: a call that would otherwise wait for ever. */
  race<T>(p: Promise<T>): Promise<T>;
  stop(): void;
}

/**
 * Pings Redis on a connection of its own about four times per wait. BullMQ's connections retry
 * for ever (a restarted Redis is simply caught up with); this bounds that: Redis gone (refusing,
 * or silent) for `waitMs` in a row ends the run or the worker with one line rather than a hang.
 */
export async function watchRedis(connection: QueueConnection, waitMs: number, hint?: string): Promise<RedisWatch> {
  const { Redis } = ioredis();
  const client = new Redis(connection.options.url, {
    ...redisOptions(connection), maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: waitMs,
    // Keep trying, quickly: the watch is what decides when to give up.
    retryStrategy: () => Math.min(500, waitMs / 4),
  });
  let cause: string | undefined;
  let lastOk = performance.now();
  let error: QueueUnavailableError | QueueDatabaseError | undefined;
  let fail: (e: QueueUnavailableError | QueueDatabaseError) => void = () => {};
  const lost = new Promise<never>((_, reject) => { fail = reject; });
  lost.catch(() => {});
  const every = Math.max(100, Math.min(1000, waitMs / 4));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  client.on('error', (e: Error) => {
    cause = reasonOf(e);
    // Redis restarted with fewer databases: every connection reconnected into database 0 and would go on there.
    if (isDbRefusal(e) && !stopped) {
      stopped = true;
      clearTimeout(timer);
      client.disconnect();
      fail((error = noSuchDatabase(connection)));
    }
  });
  const tick = async () => {
    try {
      await withinMs(client.ping(), every, () => new Error('no answer'));
      lastOk = performance.now();
      cause = undefined;
    } catch (e) {
      // ioredis's own words for a connection being re-made are about its options, not the cause.
      cause ??= /enableOfflineQueue/.test((e as Error).message) ? 'connection lost' : reasonOf(e);
    }
    if (stopped) return;
    const gone = performance.now() - lastOk;
    if (gone >= waitMs) {
      error = new QueueUnavailableError(connection.where, cause ?? 'no answer', Math.round(gone / 100) / 10, hint);
      stopped = true;
      client.disconnect();
      fail(error);
      return;
    }
    timer = setTimeout(() => void tick(), every);
  };
  timer = setTimeout(() => void tick(), every);
  return {
    lost,
    get error() { return error; },
    race: <T>(p: Promise<T>) => Promise.race([p, lost]),
    stop() {
      stopped = true;
      clearTimeout(timer);
      client.disconnect();
    },
  };
}
