// runner/options: a run's month and option defaults, and the errors a run is refused with before it starts.
// Loads no schema library: every command's flag checks and messages read it.
export { isMonth, monthProblem, previousMonth } from './month.js';
export { DEFAULT_CONCURRENCY } from './run-option-defaults.js';
export { RunOptionError } from './run-option-error.js';
export { RunLockedError } from './run-locked-error.js';
