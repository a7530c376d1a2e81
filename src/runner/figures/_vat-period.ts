/** A VAT period (momsloven § 57, stk. 2-4): its name and its first and last day. */
export interface VatPeriod {
  /** `2026-11` (a month), `2026-Q4` (a quarter), `2026-H2` (a half year). */
  period: string;
  from: string;
  to: string;
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The VAT period of `length` that `date` (`YYYY-MM-DD`) falls in: the calendar month, the
 * calendar quarter, or the first or second half of the calendar year (momsloven § 57, stk. 2-4).
 */
export function vatPeriodOf(date: string, length: 'month' | 'quarter' | 'half_year'): VatPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const span = length === 'month' ? 1 : length === 'quarter' ? 3 : 6;
  const first = Math.floor((month - 1) / span) * span + 1;
  const last = first + span - 1;
  const period = length === 'month' ? `${year}-${pad(month)}` : length === 'quarter' ? `${year}-Q${(first + 2) / 3}` : `${year}-H${first === 1 ? 1 : 2}`;
  return { period, from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}
