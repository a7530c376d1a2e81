// money/exact: exact decimals and integer minor units, and what a bad amount is refused with; without
// the allocator, the formats or the rate files' parsers. The schemas' building blocks read it.
export { assertMinor, sumMinor, MINOR_DIGITS } from './minor.js';
export { UnsafeAmountError } from './unsafe-amount-error.js';
export { InvalidAmountError } from './invalid-amount-error.js';
export { Decimal, dec, toMinorUnits, fromMinorUnits, vatFromBps } from './decimal.js';
