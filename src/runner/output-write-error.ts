// The class lives in src/core beside the one atomic writer; this path stays for existing imports.
export { OutputWriteError } from '../core/output-write-error.js';
