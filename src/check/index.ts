export { checkInvoice, checkInvoiceRecord } from './check-invoice.js';
export type { FindingParam, InvoiceCheckFinding } from './finding.js';
export { findingText } from './finding-text.js';
export { glnProblem, gs1CheckDigit } from './gln.js';
export { danishAccountIn, ibanMod97, ibansIn } from './iban.js';
export { isPaymentLine, paymentLineOf } from './payment-line.js';
