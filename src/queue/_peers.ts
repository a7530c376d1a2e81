import { QueuePeerMissingError } from './queue-peer-missing-error.js';

const PEERS = ['bullmq', 'ioredis'] as const;

function notFound(e: unknown, name: string): boolean {
  const err = e as NodeJS.ErrnoException;
  return (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') && String(err.message).includes(`'${name}'`);
}

/**
 * Loads the queue's optional peer dependencies (package.json peerDependenciesMeta), first
 * thing in a queue run or worker, so an install without them is one line saying what to
 * install rather than a stack from deep inside. Loaded once, they stay in Node's module cache
 * for the imports that use them. Any other failure to load one is rethrown as it is.
 * @throws QueuePeerMissingError naming the packages that are not installed
 */
export async function loadQueuePeers(load: (name: string) => Promise<unknown> = (name) => import(name)): Promise<void> {
  const missing: string[] = [];
  for (const name of PEERS) {
    try {
      await load(name);
    } catch (e) {
      if (!notFound(e, name)) throw e;
      missing.push(name);
    }
  }
  if (missing.length) throw new QueuePeerMissingError(missing);
}
