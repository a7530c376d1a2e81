import { createRequire } from 'node:module';
import { QueuePeerMissingError } from './errors/queue-peer-missing-error.js';

/*
 * BullMQ and ioredis are CommonJS packages (no "exports", "main" their CommonJS build), so an
 * `import()` of them loads that same build through Node's ESM loader, which costs about twice the
 * CPU of a `require` of it: bullmq 0.42 s against 0.20 s, ioredis 0.17 s against 0.10 s (node 20,
 * best of three, in-process process.cpuUsage()). They are required here, once, for every module
 * of the queue; the types still come from their declarations.
 */
const load = createRequire(import.meta.url);

/** BullMQ (after loadQueuePeers: installed). */
export function bullmq(): typeof import('bullmq') {
  return load('bullmq') as typeof import('bullmq');
}

/** ioredis (after loadQueuePeers: installed). */
export function ioredis(): typeof import('ioredis') {
  return load('ioredis') as typeof import('ioredis');
}

const PEERS = ['bullmq', 'ioredis'] as const;

function notFound(e: unknown, name: string): boolean {
  const err = e as NodeJS.ErrnoException;
  return (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') && String(err.message).includes(`'${name}'`);
}

/**
 * Checks the queue's optional peer dependencies (package.json peerDependenciesMeta), first thing
 * in a queue run or worker, so an install without them is one line saying what to install rather
 * than a stack from deep inside. ioredis is loaded (the PING that follows needs it); BullMQ is only
 * found here and loaded after Redis has answered, so a dead Redis is said without its 0.2 s of
 * CPU. Any other failure to load one is rethrown as it is.
 * @throws QueuePeerMissingError naming the packages that are not installed
 */
export async function loadQueuePeers(peer: (name: string) => Promise<unknown> = async (name) => (name === 'bullmq' ? load.resolve(name) : load(name))): Promise<void> {
  const missing: string[] = [];
  for (const name of PEERS) {
    try {
      await peer(name);
    } catch (e) {
      if (!notFound(e, name)) throw e;
      missing.push(name);
    }
  }
  if (missing.length) throw new QueuePeerMissingError(missing);
}
