import { QueueUrlError } from './errors/queue-url-error.js';
import { shownUrl } from '../core/index.js';

export interface QueueConnection {
  /** ioredis options as BullMQ takes them. */
  options: { url: string; password?: string; maxRetriesPerRequest: null; connectTimeout: number };
  /** The URL without password, for messages and logs. */
  where: string;
  /** The database number the URL names (0 when it names none). */
  db: number;
}

/**
 * Checks a `--queue` value (`redis://[user[:password]@]host[:port][/db]`, `rediss://` for TLS)
 * and makes the connection options. A password may come from SVC_REDIS_PASSWORD instead of the
 * URL, so it is not in the process list; it never appears in `where`.
 */
export function parseQueueUrl(value: string, env: Record<string, string | undefined>): QueueConnection {
  // What was typed, quoted in every message, with any password masked.
  const typed = `"${shownUrl(value)}"`;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new QueueUrlError(`${typed} is not a URL`);
  }
  // `localhost:6379` parses as a URL of scheme "localhost:": say what was typed, not what it parsed as.
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new QueueUrlError(`must start with redis:// or rediss:// (got ${typed})`);
  if (!u.hostname) throw new QueueUrlError(`names no host (got ${typed})`);
  if (u.search || u.hash) throw new QueueUrlError(`must not have a query or fragment (got ${typed})`);
  if (u.pathname !== '' && u.pathname !== '/' && !/^\/\d{1,2}$/.test(u.pathname)) throw new QueueUrlError(`the database must be a number, like /0 (got ${typed})`);
  const password = u.password ? undefined : env.SVC_REDIS_PASSWORD || undefined;
  return {
    // maxRetriesPerRequest null: BullMQ's blocking calls wait through a reconnect instead of failing.
    options: { url: u.href, ...(password ? { password } : {}), maxRetriesPerRequest: null, connectTimeout: 10_000 },
    where: shownUrl(u.href).replace(/\/$/, ''),
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
  };
}

/** The connection's options for a plain ioredis client (its URL given apart). */
export function redisOptions(c: QueueConnection): { password?: string; maxRetriesPerRequest: null; connectTimeout: number } {
  const { url: _url, ...rest } = c.options;
  return rest;
}
