// core/lock: the lock file one writer holds on a folder (a month's run, the credentials file), and what
// a second writer is refused with.
export { acquireLock, type LockOptions, type LockHolder } from './lock.js';
export { LockHeldError } from './lock-held-error.js';
