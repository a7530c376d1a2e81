// queue/'s entry, whole: the coordinator, the worker and their errors. Importing this loads neither BullMQ nor
// Redis's client (they load when a run or worker starts), but it loads both sides: inside src/, import the part
// you need (coordinator/, worker/, errors/: README.md).
export * from './coordinator/index.js';
export * from './worker/index.js';
export * from './errors/index.js';
export type { AttemptReport } from './attempt-report.js';
