import { Decimal } from '../../money/index.js';

const MILLION = new Decimal(1_000_000);

/** US$ per 1 million tokens from a per-token decimal price, exact; null stays null. */
export function perMillion(perToken: Decimal | null): Decimal | null {
  return perToken === null ? null : perToken.times(MILLION);
}

/** A per-1M price for the table: two decimals, more (up to four) when the price needs them. */
export function priceCell(perToken: Decimal | null): string {
  const p = perMillion(perToken);
  if (p === null) return '-';
  const places = Math.min(4, Math.max(2, p.decimalPlaces()));
  return p.toFixed(places, Decimal.ROUND_HALF_UP);
}

/** A token count for a narrow column: 128K, 1.05M, 8.2K (exact figures are in --json). */
export function tokensCell(n: number | null): string {
  if (n === null) return '-';
  const d = new Decimal(n);
  if (n >= 1_000_000) return `${d.dividedBy(1_000_000).toDecimalPlaces(2).toString()}M`;
  if (n >= 1_000) return `${d.dividedBy(1_000).toDecimalPlaces(1).toString()}K`;
  return String(n);
}
