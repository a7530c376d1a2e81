import { Decimal } from '../../money/exact/index.js';
import { jsonText } from '../_output/json-text.js';

/** A record with every Decimal as its exact plain decimal string (never `1e-7`), ready for JSON. */
export function decimalsAsText(value: unknown): unknown {
  if (value instanceof Decimal) return value.toFixed();
  if (Array.isArray(value)) return value.map(decimalsAsText);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decimalsAsText(v)]));
  }
  return value;
}

/** Pretty JSON of a parsed record, Decimals exact. */
export function toJsonText(value: unknown): string {
  return jsonText(decimalsAsText(value));
}

/**
 * For `--json` that promises the API's data: pass `call` to the client method, then
 * `text(record)` is the answer as the service sent it (re-indented only, so fields beyond the
 * spec's stay), or, when the call needed several answers (a key-usage period over 366 days), the
 * merged record. Without `wanted` (a table) nothing is kept.
 */
export function asSent(wanted: boolean): { call: { onBody?: (text: string) => void }; text(record: unknown): string } {
  let first: string | undefined;
  let answers = 0;
  const onBody = (text: string) => {
    answers++;
    first = answers === 1 ? text : undefined;
  };
  return {
    call: wanted ? { onBody } : {},
    text: (record) => (first !== undefined ? jsonText(JSON.parse(first)) : toJsonText(record)),
  };
}
