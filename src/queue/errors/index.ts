export { OutputFolderMissingError } from './output-folder-missing-error.js';
export { QueueUnavailableError, REDIS_WAIT_HINT } from './queue-unavailable-error.js';
