// report/figures: an invoice's figures in DKK and a rate in words. Loads no workbook writer: the run's figures
// and pages read it.
export { invoiceDkkExact, type InvoiceFigures } from './invoice-figures.js';
export { rateWords } from './rate-words.js';
