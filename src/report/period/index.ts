// report/period: a cost workbook's period (a month, a year, the trailing N months) and its check, and the error
// a bad one is refused with. Loads no schema and no workbook writer: `svc report cost` checks its flags with it.
export { calendarMonths, checkPeriod, lastDayOfMonth, monthOf, type ReportPeriod } from './period.js';
export { ReportPeriodError } from './report-period-error.js';
