export { checkInvoice, checkInvoiceRecord } from './check-invoice.js';
export type { InvoiceCheckFinding } from './finding.js';
export { glnProblem, gs1CheckDigit } from './gln.js';
export { danishAccountIn, ibanMod97, ibansIn } from './iban.js';
export { isPaymentLine, paymentLineOf } from './payment-line.js';
