// queue/errors: what a run on a queue, or a worker, is refused with. Loads no BullMQ, no runner: the CLI's
// messages read them for every command.
export { QueueUrlError } from './queue-url-error.js';
export { QueueDatabaseError } from './queue-database-error.js';
export { QueueUnavailableError, REDIS_WAIT_HINT } from './common/queue-unavailable-error.js';
export { QueueBusyError } from './queue-busy-error.js';
export { OutputFolderMissingError } from './common/output-folder-missing-error.js';
export { QueuePeerMissingError } from './queue-peer-missing-error.js';
