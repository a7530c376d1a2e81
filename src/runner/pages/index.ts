// runner/pages: what a run writes at its end from its outcomes and figures (summary.md, index.html, journal.csv,
// vat-return.json), made again by svc verify. Loads the pages' templates; no renderer, no HTTP client.
export { renderSummary, summaryView, runLanguage } from './summary.js';
export { renderFrontPage, type FrontPageInput } from './front-page.js';
export { booksTexts, runModel, runPages, type RunModel, type RunPages, type RunPagesInput, type RunHead } from './run-pages.js';
