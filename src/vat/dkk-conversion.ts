import { Decimal } from '../money/index.js';
import { usdDkkRateProblem } from '../money/index.js';
import { UnsafeAmountError } from '../money/index.js';
import { allocateMinor } from '../money/index.js';
import { isPublishedRate, type ExchangeRates, type MissingRate, type PublishedRate } from '../money/index.js';
import type { Invoice } from '../model/index.js';
import { decideVatFor } from './decide-vat.js';
import type { VatDecision, VatTreatment } from './types.js';

/**
 * The day Danish VAT becomes chargeable on an invoice's supply (momsloven kapitel 5), whose
 * rate converts it to DKK (momsbekendtgørelsen § 97, stk. 4):
 * - `end_of_period`: a service to a business in another EU member state (the reverse charge):
 *   chargeable when supplied (momsloven § 25 a), and a service billed period by period is
 *   supplied at the end of each period billed (§ 23, stk. 5; VAT Directive art. 64(1)): the
 *   invoice's `period_end`.
 * - `invoice_date`: every other invoice: chargeable when invoiced, where the invoice follows the
 *   supply soon after (§ 23, stk. 2) as a monthly invoice does: the invoice's issue date.
 * A payment before either (§ 23, stk. 3; § 25 a) is not in the record, so it is not used.
 */
export interface ChargeableEvent {
  date: string;
  rule: 'invoice_date' | 'end_of_period';
}

/**
 * The chargeable event of an invoice of `treatment` (the one VAT decision's, vat/decide-vat.ts)
 * issued on `invoiceDate` for a period ending `periodEnd` (see ChargeableEvent). It is also the
 * day that decides the invoice's VAT period (books/vat-return.json, summary.md, index.html) and
 * its EU sales list period: a return states the tax that has become chargeable (VAT Directive
 * art. 250), and the EU sales list the services for the period in which VAT became chargeable
 * (art. 264(2)). A reverse-charged service is never chargeable at the invoice date instead:
 * art. 66, last paragraph, keeps the invoice-date derogation (momsloven § 23, stk. 2) from
 * services whose customer pays the VAT under art. 196.
 */
export function chargeableEventOf(treatment: VatTreatment, dates: { invoiceDate: string; periodEnd: string }): ChargeableEvent {
  return treatment === 'reverse_charge' ? { date: dates.periodEnd, rule: 'end_of_period' } : { date: dates.invoiceDate, rule: 'invoice_date' };
}

/** The chargeable event of `invoice` (see ChargeableEvent, chargeableEventOf). */
export function chargeableEvent(invoice: Invoice, decision: VatDecision = decideVatFor(invoice)): ChargeableEvent {
  return chargeableEventOf(decision.treatment, { invoiceDate: invoice.issued_at.slice(0, 10), periodEnd: invoice.period_end });
}

/**
 * How an invoice's amounts reach DKK, decided once from the record and the rates a user gave:
 * - `dkk`: the invoice is in DKK.
 * - `invoice_rate`: a USD invoice at its own `usd_dkk_rate`, the rate it states its VAT in DKK at
 *   (momsbekendtgørelsen § 97, stk. 2), dated the invoice's issue date. For an invoice that
 *   charges VAT the invoice's own rate comes first: the books then hold what the invoice says. One
 *   without VAT states nothing in DKK: the rates file's rate comes first, its own rate only without one.
 * - `published`: the rate a rates file gives for the chargeable event's day (ECB reference rates,
 *   EUR direct and other currencies through the euro, or Danmarks Nationalbank's), the latest
 *   published on or before that day (§ 97, stk. 4; VAT Directive art. 91(2)).
 * - `missing`: no rate: none given (`missing` absent), or the file has none for that day (why).
 *   A missing rate is said, never guessed.
 */
export type DkkConversion =
  | { kind: 'dkk' }
  | { kind: 'invoice_rate'; currency: string; rate: Decimal; date: string; fallback?: { event: ChargeableEvent; missing: MissingRate; ratesFile: string } }
  | { kind: 'published'; currency: string; published: PublishedRate; event: ChargeableEvent; ratesFile: string }
  | { kind: 'missing'; currency: string; event: ChargeableEvent; missing?: MissingRate; ratesFile?: string };

/**
 * A record's own `usd_dkk_rate` when it can convert USD to DKK: given, and a rate no USD-to-DKK
 * rate lies outside (money/usd-dkk-rate.ts); checkInvoice reports one that cannot
 * (usd_dkk_rate_implausible), and it converts nothing.
 */
export function usableUsdRate(rate: Decimal | string | null | undefined): Decimal | undefined {
  if (!rate) return undefined;
  const r = new Decimal(rate);
  return usdDkkRateProblem(r) === undefined ? r : undefined;
}

/** `minor` times `dkk` per `per` units, rounded half up once to the øre, exactly at any size. */
export function dkkAtRate(minor: number, dkk: Decimal | string, per: Decimal | string = '1'): bigint {
  return BigInt(new Decimal(minor).times(dkk).dividedBy(per).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
}

/**
 * `exact` øre as a number, for a document's cell or line.
 * @throws UnsafeAmountError naming `what` (the invoice, the amount and the rate) past 2^53 − 1,
 * where no document can state them exactly: that organization's document fails, not the run.
 */
export function safeOre(exact: bigint, what: string): number {
  const n = Number(exact);
  if (Number.isSafeInteger(n)) return n;
  throw new UnsafeAmountError(what, `${exact} øre`);
}

/** The conversion of `invoice` to DKK (see DkkConversion); `rates` is the rates file a user gave, if any. */
export function dkkConversion(invoice: Invoice, rates?: ExchangeRates): DkkConversion {
  const currency = invoice.currency;
  if (currency === 'DKK') return { kind: 'dkk' };
  const own = currency === 'USD' ? usableUsdRate(invoice.usd_dkk_rate) : undefined;
  const ownRate = (fallback?: { event: ChargeableEvent; missing: MissingRate; ratesFile: string }): DkkConversion => ({ kind: 'invoice_rate', currency, rate: own!, date: invoice.issued_at.slice(0, 10), ...(fallback ? { fallback } : {}) });
  // An invoice that charges VAT states it in DKK at its own rate: the books hold what it says (the
  // VAT an invoice states is owed as stated, VAT Directive art. 203). One without VAT states nothing
  // in DKK, and its figures for the return are converted at the rate § 97, stk. 4 names, the latest
  // published on the chargeable day, where the rates file has it; its own rate (the service's) only
  // where there is none.
  if (own && invoice.vat_cents !== 0) return ownRate();
  const event = chargeableEvent(invoice);
  if (!rates) return own ? ownRate() : { kind: 'missing', currency, event };
  const found = rates.rateOn(currency, event.date);
  if (isPublishedRate(found)) return { kind: 'published', currency, published: found, event, ratesFile: rates.name };
  // Its own rate where the file has none for the day, saying so (the return then holds a rate § 97, stk. 4 does not name).
  return own ? ownRate({ event, missing: found, ratesFile: rates.name }) : { kind: 'missing', currency, event, missing: found, ratesFile: rates.name };
}

/** `minor` of the invoice's currency in øre by `conversion`, rounded half up once, exactly at any size; null without a rate. */
export function toDkkExact(minor: number, conversion: DkkConversion): bigint | null {
  switch (conversion.kind) {
    case 'dkk':
      return BigInt(minor);
    case 'invoice_rate':
      return dkkAtRate(minor, conversion.rate);
    case 'published':
      return dkkAtRate(minor, conversion.published.dkk, conversion.published.per);
    case 'missing':
      return null;
  }
}

/**
 * toDkkExact as a number of øre, for a document's cell or line.
 * @throws UnsafeAmountError naming the invoice (`invoiceNumber`), the amount and the rate when the
 * øre are past 2^53 − 1 (safeOre).
 */
export function toDkkMinor(minor: number, conversion: DkkConversion, invoiceNumber?: string): number | null {
  const exact = toDkkExact(minor, conversion);
  if (exact === null) return null;
  const who = invoiceNumber ? `invoice ${invoiceNumber}: ` : '';
  const at = conversion.kind === 'invoice_rate' ? `usd_dkk_rate ${conversion.rate.toFixed()}`
    : conversion.kind === 'published' ? `${conversion.published.written.dkk} DKK per ${conversion.published.written.per} ${conversion.currency} (${conversion.published.source}, ${conversion.published.date})` : '1';
  return safeOre(exact, `${who}${minor} cents × ${at}`);
}

/**
 * A conversion as plain data, what a manifest keeps and every surface (workbook, summary.md,
 * index.html) words: the rate as published (`dkk` kroner for `per` units: Nationalbanken's
 * per 100, the ECB's DKK per EUR over the currency's units per EUR, the invoice's own per 1),
 * its source and day, the chargeable event it was taken for, or why there is none.
 */
export interface DkkRateFacts {
  currency: string;
  /** `invoice` (the record's usd_dkk_rate), `ecb`, `nationalbank`; null without a rate. */
  source: 'invoice' | 'ecb' | 'nationalbank' | null;
  /** Exact decimal strings, as the rates file writes them (decimal point); null without a rate. */
  dkk: string | null;
  per: string | null;
  /** The day the rate was published for (the invoice's own rate: its issue date); null without a rate. */
  rate_date: string | null;
  /** The day VAT became chargeable and by which rule (a rate taken from a rates file, or none found). */
  chargeable_date?: string;
  chargeable_rule?: ChargeableEvent['rule'];
  /** The rates file's name, when one was given. */
  rates_file?: string;
  /**
   * Why there is no rate: no rates file given (`no_rates`), or what the file lacks; beside the
   * invoice's own rate (`source` `invoice`), why the rates file's was not taken for an invoice
   * without VAT (the file lacks its chargeable day).
   */
  missing?: { code: 'no_rates' | MissingRate['code']; last_day?: string };
}

/** `conversion` as plain data (undefined for a DKK invoice). */
export function dkkRateFacts(conversion: DkkConversion): DkkRateFacts | undefined {
  switch (conversion.kind) {
    case 'dkk':
      return undefined;
    case 'invoice_rate': {
      const f = conversion.fallback;
      return {
        currency: conversion.currency, source: 'invoice', dkk: conversion.rate.toFixed(), per: '1', rate_date: conversion.date,
        // An invoice without VAT whose chargeable day the rates file lacks: which day, and why.
        ...(f ? { chargeable_date: f.event.date, chargeable_rule: f.event.rule, rates_file: f.ratesFile, missing: { code: f.missing.code, ...(f.missing.lastDay ? { last_day: f.missing.lastDay } : {}) } } : {}),
      };
    }
    case 'published': {
      const p = conversion.published;
      return {
        currency: conversion.currency, source: p.source, dkk: p.written.dkk, per: p.written.per, rate_date: p.date,
        chargeable_date: conversion.event.date, chargeable_rule: conversion.event.rule, rates_file: conversion.ratesFile,
      };
    }
    case 'missing':
      return {
        currency: conversion.currency, source: null, dkk: null, per: null, rate_date: null, chargeable_date: conversion.event.date, chargeable_rule: conversion.event.rule,
        ...(conversion.ratesFile ? { rates_file: conversion.ratesFile } : {}),
        missing: conversion.missing ? { code: conversion.missing.code, ...(conversion.missing.lastDay ? { last_day: conversion.missing.lastDay } : {}) } : { code: 'no_rates' },
      };
  }
}

/**
 * `dkk` øre split over parts in proportion to their `amounts` in the invoice's own minor units, by
 * the package's one allocator (money/allocate.ts `allocateMinor`, largest remainder), so the parts
 * add up to `dkk` exactly: an invoice's net in DKK over its charged categories (the journal's
 * revenue lines, the cost table's plan and dev overage), and a category's DKK over its lines (the
 * cost workbook's plan lines). A DKK invoice's parts are its own amounts (the proportion of equal
 * sums). Amounts that cancel out (a charge and its credit, summing to 0) give no proportion to
 * split by: each is then converted on its own by `convert` (the invoice's rate), and what rounding
 * leaves between them and `dkk` goes to the largest part, the first of equals.
 * @throws UnsafeAmountError when `dkk` is not a safe integer
 */
export function splitDkk(dkk: number, amounts: ReadonlyArray<number | bigint>, convert: (minor: number) => number): number[] {
  if (amounts.length === 0) return [];
  if (amounts.reduce<bigint>((a, x) => a + BigInt(x), 0n) !== 0n) return allocateMinor(dkk, amounts.map((a) => String(a))).parts;
  const own = amounts.map((a) => convert(Number(a)));
  let largest = 0;
  own.forEach((x, k) => {
    if (Math.abs(x) > Math.abs(own[largest]!)) largest = k;
  });
  own[largest] = own[largest]! + dkk - own.reduce((a, x) => a + x, 0);
  return own;
}

/** An invoice's net, VAT and total in DKK (øre) as every surface states them (see invoiceDkkAmounts). */
export interface InvoiceDkkAmounts {
  net: number;
  vat: number;
  total: number;
}

/**
 * An invoice's amounts in DKK by `conversion`, one rule for the journal, the run's figures and the
 * cost workbook: the total (the debtor) and the VAT (the VAT the invoice states in DKK,
 * momsbekendtgørelsen § 97) each converted once and rounded half up; the net their difference, so
 * net + VAT = total to the øre (a voucher balances, and the net splitDkk spreads over the
 * categories is the revenue the journal posts). A DKK invoice's are its own figures. Null without
 * a rate.
 * @throws UnsafeAmountError naming the invoice past 2^53 − 1 øre (toDkkMinor)
 */
export function invoiceDkkAmounts(invoice: Pick<Invoice, 'subtotal_cents' | 'vat_cents' | 'total_cents' | 'invoice_number'>, conversion: DkkConversion): InvoiceDkkAmounts | null {
  if (conversion.kind === 'dkk') return { net: invoice.subtotal_cents, vat: invoice.vat_cents, total: invoice.total_cents };
  const total = toDkkMinor(invoice.total_cents, conversion, invoice.invoice_number);
  const vat = toDkkMinor(invoice.vat_cents, conversion, invoice.invoice_number);
  return total === null || vat === null ? null : { net: total - vat, vat, total };
}
