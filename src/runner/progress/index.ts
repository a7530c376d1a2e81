// runner/progress: the lines a run's progress and each organization's outcome are told in (svc month-end, svc demo).
export { partNotes } from './part-notes.js';
export { progressReporter } from './progress-reporter.js';
