// runner/figures: the run's figures (totals per currency, all in DKK, each organization's) and its books (the
// journal's vouchers, the draft VAT return), one model built from the outcomes.
export { runFigures, type RunFigures, type OrgFigures, type InvoiceCounts, type OrgCostFigures, type CostRow, type DkkTotal, type CurrencyTotals } from './run-figures.js';
export { runBooks, type RunBooks } from './books.js';
