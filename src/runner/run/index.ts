// runner/run: the run around the units: the month's folder and its lock, the run that records each unit's
// outcome and finishes the manifest (MonthRun, what a queue's coordinator drives), and the whole month end in
// one process (runMonthEnd: its units, threads and summary load when it runs).
export { runMonthEnd, type MonthEndOptions, type MonthEndProgress } from './run-month-end.js';
export { MonthRun, type MonthRunFinish } from './month-run.js';
export { makeMonthFolder } from './month-folder.js';
export { markSharedPaymentIds, isSharedAcrossOrganizations } from './_shared-payment-ids.js';
