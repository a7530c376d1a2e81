export { WorkbookWriter } from './book-writer.js';
export { SheetWriter, type PrintSetup, type SheetSetup, type TableSetup } from './sheet-writer.js';
export { absoluteRange, type ChartRange, type ChartSeries, type ChartSpec } from './_chart.js';
export { StyleTable, type CellStyle } from './style-table.js';
export { columnLetter, dateSerial, isSpace, type CellValue, type FormulaValue } from './cell.js';
export { pageLayout, type Orientation, type PageLayout } from './_page-setup.js';
