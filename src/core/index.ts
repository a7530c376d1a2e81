export { SvcError, isSvcError } from './svc-error.js';
export { OutputWriteError } from './output-write-error.js';
export { OutputPathError } from './output-path-error.js';
export { OutputLinkError } from './output-link-error.js';
export { refuseLinks } from './refuse-links.js';
export { writeFileAtomic, writeStreamAtomic, saveStreamAtomic, writeAtomic, outputTarget, type AtomicSink, type AtomicWriteOptions } from './atomic-write.js';
export { escapeControls } from './safe-text.js';
export { makeFolder } from './make-folder.js';
