// queue/errors/common: the refusals every command's message adds a hint to (the output folder missing on
// a worker's machine, Redis not answering); without the other queue errors. cli/'s messages read it.
export { QueueUnavailableError, REDIS_WAIT_HINT } from './queue-unavailable-error.js';
export { OutputFolderMissingError } from './output-folder-missing-error.js';
