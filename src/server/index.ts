export { startReferenceServer, BUNDLED_SAMPLES_DIR } from './start.js';
export type { ReferenceServer, ReferenceServerOptions, ServerFault } from './options.js';
export { DatasetError } from './dataset/dataset-error.js';
export { HttpError } from './http-error.js';
