// Importing this loads neither BullMQ nor Redis's client: they load when a run or worker starts.
export { runMonthEndOnQueue, type QueueRunOptions } from './run-on-queue.js';
export { startQueueWorker, DEFAULT_WORKER_CONCURRENCY, type QueueWorker, type QueueWorkerOptions } from './worker.js';
export type { AttemptReport } from './attempt-report.js';
export { QueueUrlError } from './queue-url-error.js';
export { QueueDatabaseError } from './queue-database-error.js';
export { QueueUnavailableError } from './queue-unavailable-error.js';
export { QueueBusyError } from './queue-busy-error.js';
export { OutputFolderMissingError } from './output-folder-missing-error.js';
export { QueuePeerMissingError } from './queue-peer-missing-error.js';
