// `svc-reporting/testing`: the reference server (the reporting API and the gateway over a
// dataset, with faults on demand) and the dataset generator, for an embedder's own tests and
// demos. Not part of the package root: a backend in production never needs them.
// test/api/exports.test.ts holds this list. This file only re-exports.
export { startReferenceServer } from './server/start.js';
export type { ReferenceServer, ReferenceServerOptions, ServerFault } from './server/options.js';
export { BUNDLED_SAMPLES_DIR } from './server/index.js';
export { generateDataset, type GenerateOptions, type GenerateSummary } from './server/generate/generate.js';
export { DatasetError } from './server/dataset/dataset-error.js';
