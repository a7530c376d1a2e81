// runner/option-checks: the checks of a run's options (month, whole numbers, dates, each option's kind) that
// runMonthEnd, a queue's coordinator and a worker make. A date is read with the schemas' isoDate, so this
// loads zod: apart from runner/options, which a refused flag reads.
export { RUN_OPTION_KINDS, checkDateOption, checkMonthOption, checkOptionKinds, checkWholeOption } from './check-options.js';
