export { assertMinor, sumMinor, UnsafeAmountError, MINOR_DIGITS } from './minor.js';
export { Decimal, dec, toMinorUnits, fromMinorUnits, vatFromBps } from './decimal.js';
export { allocateMinor } from './allocate.js';
export { formatMinor, formatDecimal, formatInteger, type NumberFormat } from './format.js';
