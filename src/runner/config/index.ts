// runner/config: the run's config file (runs.json: organizations, token variables, credit notes, books) and its
// rates file, read and checked before anything is written.
export { RunConfigSchema, RunOrganizationSchema, parseRunConfig, parseRunConfigJson, type RunConfig, type RunOrganization } from './config.js';
export { RunConfigError } from './config-error.js';
export { DEFAULT_BOOKS, type BooksSettings } from './books-config.js';
export { keepRatesFile, ratesOfRun, readRatesFile, type RatesFile } from './rates-file.js';
