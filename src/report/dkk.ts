import { Decimal, toMinorUnits } from '../money/index.js';
import type { MonthlyUsageEntry } from '../model/index.js';
import { allocateMinor } from '../money/index.js';
import { UnsafeAmountError } from '../money/index.js';
import { monthDkkProblem } from './cost-findings.js';
import { monthOf } from './period/period.js';
import { isCredit, NO_WEIGHTS, type WeightSource } from './key-store.js';
import type { KeyUsageInput, MonthKeyUsage } from './types.js';

/** One month's conversion: the DKK the service reports and the rate it implies. */
export interface MonthConversion {
  /** `YYYY-MM`. */
  month: string;
  usd: Decimal;
  /** The month's DKK as the API states it (`dkk_spend`, exact); null when the month has no rate or its USD contradicts it. */
  dkk: Decimal | null;
  /** The month's DKK in øre (the API's `dkk_spend` rounded half up to øre); null when the month has no rate. */
  dkkMinor: number | null;
  /** `dkk_spend / usd_spend`; null without a rate or without USD spend. */
  rate: Decimal | null;
  estimated: boolean;
}

/** A monthly-usage entry's DKK (`dkk_spend`, exact), or null: no rate, or a figure its `usd_spend` contradicts (monthDkkProblem). */
export function monthDkk(entry: MonthlyUsageEntry): Decimal | null {
  return monthDkkProblem(entry) === undefined ? entry.dkk_spend ?? null : null;
}

/**
 * The conversion of one monthly-usage entry. A `dkk_spend` the month's `usd_spend` contradicts
 * (monthDkkProblem: no USD-to-DKK rate, or DKK where nothing was spent) converts nothing: the
 * month has no DKK, as without a rate, and usageFindings names the field.
 * @throws UnsafeAmountError naming the month's dkk_spend when its øre are past 2^53 − 1
 */
export function convertMonth(entry: MonthlyUsageEntry): MonthConversion {
  const usd = entry.usd_spend;
  const dkk = monthDkk(entry);
  const month = monthOf(entry.month);
  let dkkMinor: number | null = null;
  try {
    dkkMinor = dkk === null ? null : toMinorUnits(dkk);
  } catch (e) {
    throw e instanceof UnsafeAmountError ? new UnsafeAmountError(`monthly-usage ${month} dkk_spend`, dkk!.toFixed()) : e;
  }
  return {
    month,
    usd,
    dkk,
    dkkMinor,
    rate: dkk === null || usd.isZero() ? null : dkk.dividedBy(usd),
    estimated: dkk !== null && entry.rate_estimated,
  };
}

/** Splits a month's DKK over its days in proportion to their USD; null per day when the month has no DKK. */
export function allocateDays(conv: MonthConversion, entry: MonthlyUsageEntry): { parts: Array<number | null>; unallocated: number } {
  const days = entry.days ?? [];
  if (conv.dkkMinor === null) return { parts: days.map(() => null), unallocated: 0 };
  return allocateMinor(conv.dkkMinor, days.map((d) => d.usd_spend));
}

/** Each key's DKK over the period and how the allocation reconciles with the months' DKK. */
export interface KeyAllocation {
  /** Øre of the period's key at row `index` (id `id`); undefined when it has no DKK (no rated month with its usage). */
  dkkOf(id: string, index: number): number | undefined;
  /** `dkkOf` of each of the period's keys, in row order (empty without the period's keys). */
  byRow: ReadonlyArray<number | undefined>;
  /** Whether that key's DKK includes a month at an estimated rate. */
  isEstimated(id: string, index: number): boolean;
  /** How many keys have DKK. */
  keysWithDkk: number;
  /** Sum of the months' DKK that was allocated (months with a rate), øre. */
  monthsMinor: number;
  /** Sum of every key's DKK, øre; equals `monthsMinor - unallocatedMinor`. */
  allocatedMinor: number;
  /** DKK of months in which no key spent anything, so there was nothing to allocate it by. */
  unallocatedMinor: number;
  /** The period's keys' USD summed exactly, plain decimal text ('0' without keys). */
  usdTotal: string;
  /** The period's keys with negative spend (credits): how many, their USD (plain decimal text) and their DKK in øre. */
  credits: { keys: number; usd: string; dkkMinor: number };
}

/** Credits seen while the keys are read: each credit key's row index and USD. */
class CreditTally {
  readonly rows: number[] = [];
  private usd = new Decimal(0);

  see(index: number, usd: string): void {
    if (!isCredit(usd)) return;
    this.rows.push(index);
    this.usd = this.usd.plus(usd);
  }

  result(dkkOf: (index: number) => number | undefined): KeyAllocation['credits'] {
    return { keys: this.rows.length, usd: this.usd.toFixed(), dkkMinor: this.rows.reduce((a, i) => a + (dkkOf(i) ?? 0), 0) };
  }
}

function* usdsOf(keys: WeightSource): Iterable<string> {
  for (const row of keys.rows()) yield row.usd;
}

/**
 * USD of each row, read afresh on every iteration; the first reading is also shown to `tally`.
 * A class, not an object literal made per call: V8 drops the optimized code of a function made
 * per call at each full collection and compiles it again (bench/README.md, issue 42).
 */
class Weights implements Iterable<string> {
  private first = true;

  constructor(
    private readonly keys: WeightSource,
    private readonly tally: CreditTally | undefined,
  ) {}

  *[Symbol.iterator](): Iterator<string> {
    const { keys, tally } = this;
    let i = 0;
    for (const usd of keys.usds ? keys.usds() : usdsOf(keys)) {
      if (this.first && tally) tally.see(i++, usd);
      yield usd;
    }
    this.first = false;
  }
}

function weightsOf(keys: WeightSource, tally?: CreditTally): Iterable<string> {
  return new Weights(keys, tally);
}

/**
 * Allocates each month's DKK over that month's keys by their USD spend (largest remainder, øre
 * precision), then sums per key, so the keys add up exactly to the months' DKK. A key with
 * negative spend (a credit) gets a negative share.
 * When the period is one month whose key list is the period's own (`period`), the parts are
 * kept by row, with no per-key map; otherwise they are summed per key id.
 */
export function allocateKeys(conversions: MonthConversion[], byMonth: MonthKeyUsage[], period?: KeyUsageInput): KeyAllocation {
  let monthsMinor = 0;
  let allocatedMinor = 0;
  let unallocatedMinor = 0;
  const rated = conversions.filter((c) => c.dkkMinor !== null);
  const sourceOf = (month: string) => {
    const found = byMonth.find((m) => m.month === month);
    return found?.keyUsage.keys;
  };
  const only = byMonth.length === 1 ? byMonth[0]! : undefined;
  if (rated.length === 1 && period && only && only.month === rated[0]!.month && only.keyUsage.keys === period.keys) {
    const conv = rated[0]!;
    const periodKeys = period.keys;
    // Credits are counted on the way: a second reading of 100,000 keys costs a tenth of a second.
    const tally = new CreditTally();
    const { parts, unallocated, weightSum } = allocateMinor(conv.dkkMinor!, weightsOf(periodKeys, tally));
    for (const p of parts) allocatedMinor += p;
    return {
      dkkOf: (_id, index) => parts[index],
      byRow: parts,
      isEstimated: () => conv.estimated,
      keysWithDkk: parts.length,
      monthsMinor: conv.dkkMinor!,
      allocatedMinor,
      unallocatedMinor: unallocated,
      usdTotal: weightSum,
      credits: tally.result((i) => parts[i]),
    };
  }
  const dkkByKey = new Map<string, number>();
  const estimatedKeys = new Set<string>();
  for (const conv of rated) {
    const keys = sourceOf(conv.month) ?? NO_WEIGHTS;
    const { parts, unallocated } = allocateMinor(conv.dkkMinor!, weightsOf(keys));
    monthsMinor += conv.dkkMinor!;
    unallocatedMinor += unallocated;
    let i = 0;
    for (const k of keys.rows()) {
      const part = parts[i++]!;
      dkkByKey.set(k.id, (dkkByKey.get(k.id) ?? 0) + part);
      allocatedMinor += part;
      if (conv.estimated) estimatedKeys.add(k.id);
    }
  }
  const tally = new CreditTally();
  const ids: string[] = [];
  const byRow: Array<number | undefined> = [];
  let usdTotal = new Decimal(0);
  if (period) {
    let i = 0;
    for (const k of period.keys.rows()) {
      byRow.push(dkkByKey.get(k.id));
      tally.see(i++, k.usd);
      usdTotal = usdTotal.plus(k.usd);
      if (isCredit(k.usd)) ids.push(k.id);
    }
  }
  return {
    dkkOf: (id) => dkkByKey.get(id),
    byRow,
    isEstimated: (id) => estimatedKeys.has(id),
    keysWithDkk: dkkByKey.size,
    monthsMinor,
    allocatedMinor,
    unallocatedMinor,
    usdTotal: usdTotal.toFixed(),
    credits: tally.result((i) => dkkByKey.get(ids[tally.rows.indexOf(i)]!)),
  };
}

/** A percent change `(now - before) / before`, as a fraction; null when `before` is zero. */
export function change(now: Decimal, before: Decimal): Decimal | null {
  return before.isZero() ? null : now.minus(before).dividedBy(before);
}
