// money/format: an amount written out in a language's number format (the locale's formats read it).
export { formatMinor, formatDecimal, formatInteger, type NumberFormat } from './format.js';
