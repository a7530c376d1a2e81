/**
 * Minor units (øre, cents) as a UBL amount with two decimals: 1234567 → `12345.67`,
 * -5 → `-0.05`. Integer arithmetic only; the value is exact by construction.
 */
export function amountText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const cents = abs % 100;
  return `${sign}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/** A rate in basis points as a UBL percent: 2500 → `25`, 2550 → `25.5`, 1 → `0.01`. */
export function percentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = Math.abs(bps % 100);
  if (frac === 0) return String(whole);
  return `${bps < 0 && whole === 0 ? '-' : ''}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}
