// core/csv: one CSV cell, written so a spreadsheet reads it as text, never a formula; and the rows of a CSV text.
export { csvCell } from './csv-cell.js';
export { csvRows } from './csv-rows.js';
