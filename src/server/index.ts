export { startReferenceServer } from './start.js';
export { BUNDLED_SAMPLES_DIR } from './_bundled.js';
export { generateDataset, type GenerateOptions, type GenerateSummary } from './generate/generate.js';
export type { ReferenceServer, ReferenceServerOptions, ServerFault } from './options.js';
export { DatasetError } from './dataset/dataset-error.js';
export { HttpError } from './http-error.js';
