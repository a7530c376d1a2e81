// model/parse: the schemas' building blocks (decimal strings, dates, currencies) and parsing at the
// boundary, without the record schemas: a run's options and config read it.
export { formatPath, parseEntry, parseJsonRecord, parseRecord, recordOf } from './parse.js';
export { CurrencySchema, isoDate } from '../primitives/index.js';
export type { Currency } from '../primitives/index.js';
export { SchemaError } from './schema-error.js';
