// Importing this loads neither BullMQ nor Redis's client: they load when a run or worker starts.
export { runMonthEndOnQueue, type QueueRunOptions } from './coordinator/run-on-queue.js';
export { startQueueWorker, DEFAULT_WORKER_CONCURRENCY, type QueueWorker, type QueueWorkerOptions } from './worker/worker.js';
export type { AttemptReport } from './attempt-report.js';
export { QueueUrlError } from './errors/queue-url-error.js';
export { QueueDatabaseError } from './errors/queue-database-error.js';
export { QueueUnavailableError } from './errors/queue-unavailable-error.js';
export { QueueBusyError } from './errors/queue-busy-error.js';
export { OutputFolderMissingError } from './errors/output-folder-missing-error.js';
export { QueuePeerMissingError } from './errors/queue-peer-missing-error.js';
