export { WorkbookWriter } from './book-writer.js';
export { SheetWriter, type SheetSetup, type TableSetup } from './sheet-writer.js';
export { StyleTable, type CellStyle } from './style-table.js';
export { cellXml, columnLetter, dateSerial, type CellValue, type FormulaValue } from './cell.js';
