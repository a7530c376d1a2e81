// Spend is stored and summed as integer micro-dollars (exact below 2^53) and shown as a decimal string.

/** Micro-dollars → decimal string with trailing zeros trimmed (`12500000` → `"12.5"`). */
export function formatMicro(micro: number): string {
  if (!Number.isSafeInteger(micro)) throw new RangeError(`spend of ${micro} micro-dollars is not a safe integer`);
  const neg = micro < 0;
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / 1_000_000);
  const frac = String(abs % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? '.' + frac : ''}`;
}

/** Decimal string of USD (up to 6 decimals) → integer micro-dollars; undefined when malformed. */
export function parseMicro(text: string): number | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[2]) * 1_000_000 + Number((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -v : v;
}
