// check/findings: a finding and its words in a document's language, without the checks that make findings.
// The run's pages and progress lines read it.
export { findingTextIn } from './finding-text.js';
export type { InvoiceCheckFinding } from './finding.js';
