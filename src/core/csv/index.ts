// core/csv: one CSV cell, written so a spreadsheet reads it as text, never a formula.
export { csvCell } from './csv-cell.js';
