// report/figures: an invoice's figures in DKK, a rate in words, the report's period. Loads no workbook
// writer: the run's figures and pages read it.
export { invoiceDkkExact } from './invoice-figures.js';
export type { InvoiceFigures } from './invoice-figures.js';
export { calendarMonths, checkPeriod, lastDayOfMonth, monthOf } from '../period/period.js';
export type { ReportPeriod } from '../period/period.js';
export { rateWords } from './rate-words.js';
export { ReportPeriodError } from '../period/report-period-error.js';
