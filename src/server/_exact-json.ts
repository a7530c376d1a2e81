import type { Reply } from './_http.js';

/**
 * JSON text of a plain value that may hold BigInt integers, each written as the exact JSON number
 * it is: an int64 past 2^53 (plan-cost's `line_total_cents`) that JSON.stringify cannot write and a
 * JS number cannot hold. Otherwise as JSON.stringify: undefined members left out, null in arrays.
 */
export function exactJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v: unknown) => (v === undefined || typeof v === 'function' ? 'null' : exactJson(v))).join(',')}]`;
  const members: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function') continue;
    members.push(`${JSON.stringify(k)}:${exactJson(v)}`);
  }
  return `{${members.join(',')}}`;
}

/** A 200 JSON answer written by `exactJson`. */
export function exactJsonReply(body: unknown): Reply {
  return { kind: 'raw', contentType: 'application/json; charset=utf-8', body: exactJson(body) };
}
