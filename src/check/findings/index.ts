export { findingTextIn } from './finding-text.js';
export type { InvoiceCheckFinding } from './finding.js';
