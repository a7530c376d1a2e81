import type { Locale } from '../locale/index.js';
import { t, tn } from '../locale/index.js';
import type { KeyAllocation, MonthConversion } from './dkk.js';
import type { MonthLedger } from './_ledger.js';
import type { StyleBook } from './_styles.js';
import type { PrintSetup, WorkbookWriter } from './xlsx/index.js';
import type { CostReportData, KeyUsageInput } from './types.js';
import type { ExchangeRates } from '../money/index.js';

/** Where the formulas between sheets point: sheet names, data-row counts, rows of single records. */
export interface Layout {
  sheets: Record<'summary' | 'months' | 'days' | 'keys' | 'models' | 'providers' | 'keyFields' | 'planCost' | 'invoices', string>;
  monthsRows: number;
  daysRows: number;
  keysRows: number;
  /** 1-based column of DKK on the Keys sheet (after the key-field columns). */
  keysDkkColumn: number;
  /** Data rows of the Plan sheet (every month's lines). */
  planRows: number;
  /** Row of each invoice (by id) on the Invoices sheet. */
  invoiceRows: Map<string, number>;
  /** Data rows of the Invoices sheet. */
  invoicesRows: number;
}

/** The sheets made from usage alone, left out when the service withholds it. */
export const USAGE_SHEETS = ['days', 'keys', 'models', 'providers', 'keyFields'] as const;

/**
 * How the workbook words missing usage (`report.usageWithheld.*.<gap>`): by the service's answer
 * (403 not shared, 409 setup needs attention), or `missing` when the data carry no reason.
 */
export function usageGap(data: CostReportData): '403' | '409' | 'missing' {
  return data.usageWithheld ? (String(data.usageWithheld.status) as '403' | '409') : 'missing';
}

/** DKK (øre) and key count per value of each key field, summed from the keys (the Keys sheet fills it). */
export type FieldGroupsDkk = Map<string, Map<string, number>>;

/** What every sheet builder of the cost workbook reads. */
export interface CostContext {
  wb: WorkbookWriter;
  styles: StyleBook;
  locale: Locale;
  data: CostReportData;
  /** The period's key usage; null when the service withholds usage (`data.usageWithheld` says why). */
  usage: KeyUsageInput | null;
  orgName: string;
  /** The workbook's months (`YYYY-MM`), oldest first. */
  months: string[];
  /** Each month's usage and its DKK; empty when usage is withheld. */
  conversions: MonthConversion[];
  /** Each month's usage, dev overage and plan, and its cost. */
  ledger: MonthLedger[];
  keys: KeyAllocation;
  /** Øre per day, in the order of the months' days; null for days of months without a rate. */
  daysMinor: Array<number | null>;
  daysUnallocatedMinor: number;
  layout: Layout;
  /** Page header and footer of every sheet (organization, sheet, period; page x of y). */
  page: PrintSetup;
  /** Each key field's DKK per value (key `fieldGroupKey`), written by the Keys sheet, read by the Key fields sheet. */
  fieldGroups: FieldGroupsDkk;
  /** Keys with negative spend (credits) and their USD and DKK, from the Keys sheet. */
  credits: { keys: number; usd: string; dkkMinor: number };
  /** Exchange rates the user gave (CostReportOptions.rates), for invoices not in DKK without a rate of their own. */
  rates: ExchangeRates | undefined;
  /** `report.<key>` in the workbook's language. */
  w(this: void, key: string, params?: Record<string, unknown>): string;
  /** `report.<key>.one` / `.other` by `count`. */
  wn(this: void, key: string, count: number, params?: Record<string, unknown>): string;
}

type Words = (key: string, params?: Record<string, unknown>) => string;
type CountedWords = (key: string, count: number, params?: Record<string, unknown>) => string;

// One function per locale for the process, not one per workbook: V8 drops the optimized code of a
// function made per call at each full collection and compiles it again (bench/README.md, issue 42).
const WORDS = new WeakMap<Locale, Words>();
const COUNTED_WORDS = new WeakMap<Locale, CountedWords>();

/** `report.<key>` of `locale`. */
export function wordsOf(locale: Locale): Words {
  let words = WORDS.get(locale);
  if (!words) WORDS.set(locale, (words = (key, params) => t(locale, `report.${key}`, params)));
  return words;
}

/** `report.<key>` of `locale` in the form for `count`. */
export function countedWordsOf(locale: Locale): CountedWords {
  let words = COUNTED_WORDS.get(locale);
  if (!words) COUNTED_WORDS.set(locale, (words = (key, count, params) => tn(locale, `report.${key}`, count, params)));
  return words;
}

/** Øre as the number a DKK cell holds (division by 100 is exact to the nearest double). */
export function kroner(minor: number): number {
  return minor / 100;
}

/** The group key of a key-field value (`fieldGroups`): the value as JSON, `null` for no value. */
export function fieldGroupKey(value: unknown): string {
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Characters of the organization's name in a page header. */
const HEADER_NAME_CHARS = 32;

/**
 * The page header and footer of a workbook: organization left, sheet name centred, period
 * right; "Page x of y" in the language on the right of the footer. Excel's codes: `&A` the
 * sheet's name, `&P` / `&N` page and pages; a literal `&` is written `&&`.
 */
export function pageSetup(locale: Locale, organization: string, period: string, footerLeft: string): PrintSetup {
  const literal = (s: string) => s.replace(/[\r\n\t]+/g, ' ').slice(0, 80).replace(/&/g, '&&');
  // The left section shares the line with the sheet's name in the centre: a longer name ran into it
  // (the Summary gives it whole).
  const short = (s: string) => ([...s].length > HEADER_NAME_CHARS ? `${[...s].slice(0, HEADER_NAME_CHARS - 1).join('').trimEnd()}…` : s);
  const pages = t(locale, 'report.print.pages', { page: '\u0001', pages: '\u0002' }).replace(/&/g, '&&').replace('\u0001', '&P').replace('\u0002', '&N');
  return {
    header: `&L${literal(short(organization))}&C&A&R${literal(period)}`,
    footer: `&L${literal(footerLeft)}&R${pages}`,
  };
}
