export { SvcError, isSvcError } from './svc-error.js';
export { OutputWriteError } from './output-write-error.js';
export { OutputPathError } from './output-path-error.js';
export { writeFileAtomic, writeStreamAtomic, saveStreamAtomic, writeAtomic, outputTarget, type AtomicSink, type AtomicWriteOptions } from './atomic-write.js';
export { escapeControls } from './safe-text.js';
export { makeFolder } from './make-folder.js';
export { acquireLock, type LockOptions, type LockHolder } from './lock.js';
export { LockHeldError } from './lock-held-error.js';
