// `svc-reporting/queue`: the month end on a BullMQ queue in Redis, and its workers. Apart from
// the root because it needs the optional peer dependencies bullmq and ioredis (they load only
// when a run or a worker starts). test/api/exports.test.ts holds this list. This file only
// re-exports.
export { runMonthEndOnQueue, type QueueRunOptions } from './queue/coordinator/run-on-queue.js';
export { startQueueWorker, type QueueWorker, type QueueWorkerOptions } from './queue/worker/worker.js';
export type { AttemptReport } from './queue/attempt-report.js';
export type { QueueJobData, QueueJobResult } from './queue/job-data.js';
export { QueueUrlError } from './queue/errors/queue-url-error.js';
export { QueueDatabaseError } from './queue/errors/queue-database-error.js';
export { QueueUnavailableError } from './queue/errors/common/queue-unavailable-error.js';
export { QueueBusyError } from './queue/errors/queue-busy-error.js';
export { OutputFolderMissingError } from './queue/errors/common/output-folder-missing-error.js';
export { QueuePeerMissingError } from './queue/errors/queue-peer-missing-error.js';
