// model/primitives: the schemas' smallest building blocks (a date, a currency), without parsing at the
// boundary or the record schemas: a run's option checks read it.
export { CurrencySchema, isoDate } from './primitives.js';
export type { Currency } from './primitives.js';
