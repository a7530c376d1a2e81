export { verifyRun, type VerifyOptions } from './verify-run.js';
export type { VerifyReport, VerifyDifference } from './report.js';
