export { checkInvoice, checkInvoiceRecord } from './check-invoice.js';
export type { FindingParam, InvoiceCheckFinding } from './findings/finding.js';
export { findingText } from './findings/finding-text.js';
export { glnProblem, gs1CheckDigit } from './gln.js';
export { danishAccountIn, ibanMod97, ibansIn } from './iban.js';
export { isPaymentLine, paymentLineOf } from './payment-line.js';
export { fikCheckDigit, fikIdProblem, fikIdFromNumber } from './fik.js';
export { paymentReference, sellerCreditor, type PaymentReference } from './payment-reference.js';
export { fikLineText, readPaymentLine, type FikLine, type PaymentLine } from './payment-line.js';
