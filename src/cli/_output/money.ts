import { Decimal } from '../../money/index.js';

/** US dollars as the CLI shows them: `1,234.56` (half up); exact figures are in `--json`. */
export function usd(value: Decimal): string {
  const [int = '0', frac = '00'] = value.toFixed(2, Decimal.ROUND_HALF_UP).replace('-', '').split('.');
  const sign = value.isNegative() && !value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).isZero() ? '-' : '';
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** US dollars with the sign before the dollar sign: `$3.20`, `-$3.20` (never `$-3.20`). */
export function dollars(value: Decimal): string {
  const text = usd(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** A whole number with thousands separators: `1,234,567`. */
export function countText(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `used` as a percent of `of`, one decimal: `24.7 %`; `-` when `of` is zero. */
export function percent(used: Decimal, of: Decimal): string {
  if (of.isZero()) return '-';
  return `${used.times(100).dividedBy(of).toFixed(1, Decimal.ROUND_HALF_UP)} %`;
}
