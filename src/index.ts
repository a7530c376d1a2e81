// The package's public API. This file only re-exports.
export * from './model/index.js';
export * from './money/index.js';
export * from './locale/index.js';
export { VERSION } from './version.js';
export * from './client/index.js';
