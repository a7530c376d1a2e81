import { Decimal } from '../../money/index.js';

const MILLION = new Decimal(1_000_000);

/** US$ per 1 million tokens from a per-token decimal price, exact; null stays null. */
export function perMillion(perToken: Decimal | null): Decimal | null {
  return perToken === null ? null : perToken.times(MILLION);
}

/** What the table shows for a price above zero that four decimals would show as 0.0000. */
export const BELOW_SHOWN = '<0.0001';

/**
 * A per-1M price for the table: two decimals, more (up to four) when the price needs them. A
 * price that is not zero is never shown as zero: one that four decimals would round to 0.0000
 * (US$0.00002 per 1M tokens) is `<0.0001`. More digits were the other way; a bound keeps the
 * column narrow and its figures aligned however small the price (a per-token price of 1e-20 would
 * need sixteen decimals), and says at a glance "not free, below a hundredth of a cent"; --json has
 * the exact figure.
 */
export function priceCell(perToken: Decimal | null): string {
  const p = perMillion(perToken);
  if (p === null) return '-';
  const places = Math.min(4, Math.max(2, p.decimalPlaces()));
  const shown = p.toFixed(places, Decimal.ROUND_HALF_UP);
  if (p.isZero() || !new Decimal(shown).isZero()) return shown;
  return p.isNegative() ? '>-0.0001' : BELOW_SHOWN;
}

/** A token count for a narrow column: 128K, 1.05M, 8.2K (exact figures are in --json). */
export function tokensCell(n: number | null): string {
  if (n === null) return '-';
  const d = new Decimal(n);
  if (n >= 1_000_000) return `${d.dividedBy(1_000_000).toDecimalPlaces(2).toString()}M`;
  if (n >= 1_000) return `${d.dividedBy(1_000).toDecimalPlaces(1).toString()}K`;
  return String(n);
}
