// runner/options: a run's options and their checks (month, whole numbers, dates, the option kinds), and the
// errors a run is refused with before it starts. Loads no schema library: `svc worker` reads it idle.
export { RUN_OPTION_KINDS, checkDateOption, checkMonthOption, checkOptionKinds, checkWholeOption } from '../option-checks/check-options.js';
export { isMonth, monthProblem, previousMonth } from './month.js';
export { DEFAULT_CONCURRENCY } from './run-option-defaults.js';
export { RunOptionError } from './run-option-error.js';
export { RunLockedError } from './run-locked-error.js';
