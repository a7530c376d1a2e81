import { QueueUnavailableError } from './queue-unavailable-error.js';

/** How long to wait for Redis at start before saying it cannot be reached. */
export const CONNECT_WAIT_MS = 15_000;

interface Connectable {
  waitUntilReady(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/**
 * Waits until a BullMQ object is connected. ioredis retries a refused connection for ever, so
 * without a limit a wrong URL would hang; the last connection error names the cause.
 */
export async function whenReady(target: Connectable, where: string, waitMs = CONNECT_WAIT_MS): Promise<void> {
  let last: Error | undefined;
  target.on('error', (e) => { last = e; });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError(where, last ? reasonOf(last) : `no answer within ${waitMs / 1000} s`)), waitMs);
  });
  try {
    await Promise.race([target.waitUntilReady(), timeout]);
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw e;
    throw new QueueUnavailableError(where, reasonOf(e as Error));
  } finally {
    clearTimeout(timer);
  }
}

function reasonOf(e: Error): string {
  const code = (e as NodeJS.ErrnoException).code;
  // ioredis messages carry host and port only, never the password.
  return code ? `${code}${e.message.includes(code) ? '' : ` (${e.message})`}` : e.message;
}
