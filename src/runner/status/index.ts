// runner/status: an organization's status in a run (issued, held back, failed, …) and its word in the
// run's language; without the manifest's writer or chain. month-end's --help and progress lines read it.
export { RUN_STATUSES, orgStatus, statusWord, type RunStatus } from './status.js';
