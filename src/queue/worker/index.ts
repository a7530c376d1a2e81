// queue/worker: a worker (svc worker) and its jobs. Loads BullMQ when it starts and the runner's unit (the
// renderers) at its first job; never the coordinator.
export { startQueueWorker, DEFAULT_WORKER_CONCURRENCY, type QueueWorker, type QueueWorkerOptions } from './worker.js';
