import type { Locale } from '../locale/index.js';
import { t } from '../locale/index.js';
import type { KeyAllocation, MonthConversion } from './dkk.js';
import type { StyleBook } from './_styles.js';
import type { WorkbookWriter } from './xlsx/index.js';
import type { CostReportData } from './types.js';

/** Where the Summary's reconciliation formulas point: sheet names and data-row ranges. */
export interface Layout {
  sheets: Record<'summary' | 'months' | 'days' | 'keys' | 'models' | 'providers' | 'keyFields' | 'planCost' | 'invoices', string>;
  monthsRows: number;
  daysRows: number;
  keysRows: number;
  /** 1-based column of DKK on the Keys sheet (after the key-field columns). */
  keysDkkColumn: number;
}

/** What every sheet builder of the cost workbook reads. */
export interface CostContext {
  wb: WorkbookWriter;
  styles: StyleBook;
  locale: Locale;
  data: CostReportData;
  orgName: string;
  conversions: MonthConversion[];
  keys: KeyAllocation;
  /** Øre per day, in the order of the months' days; null for days of months without a rate. */
  daysMinor: Array<number | null>;
  daysUnallocatedMinor: number;
  layout: Layout;
  /** `report.<key>` in the workbook's language. */
  w(key: string, params?: Record<string, unknown>): string;
}

/** `report.<key>` of `locale`. */
export function wordsOf(locale: Locale): (key: string, params?: Record<string, unknown>) => string {
  return (key, params) => t(locale, `report.${key}`, params);
}

/** Øre as the number a DKK cell holds (division by 100 is exact to the nearest double). */
export function kroner(minor: number): number {
  return minor / 100;
}
