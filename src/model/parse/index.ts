export { formatPath, parseJsonRecord, parseRecord, recordOf } from './parse.js';
export { CurrencySchema, isoDate } from './primitives.js';
export type { Currency } from './primitives.js';
export { SchemaError } from './schema-error.js';
