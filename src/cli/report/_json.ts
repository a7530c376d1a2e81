import { Decimal } from '../../money/decimal.js';

/** A record with every Decimal as its exact plain decimal string (never `1e-7`), ready for JSON. */
export function exactJson(value: unknown): unknown {
  if (value instanceof Decimal) return value.toFixed();
  if (Array.isArray(value)) return value.map(exactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exactJson(v)]));
  }
  return value;
}

/** Pretty JSON of a parsed record, Decimals exact. */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(exactJson(value), null, 2)}\n`;
}
