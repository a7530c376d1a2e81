import { visibleLines, visibleText } from '../invisible-text.js';

/** Thrown inside the walk when a value lies deeper than its limit; never leaves this file. */
const TOO_DEEP: unique symbol = Symbol('too deep');

/**
 * `value` (JSON from the API or a file) with every string in it as visibleText makes it, copied
 * only where a string changed. Keys stay as sent (the schemas name the keys they read). It
 * recurses: callers pass JSON whose depth is bounded (the run config passes what its schema
 * accepted; parseRecord uses `visibleWithin`, which bounds the walk itself).
 */
export function withVisibleText(value: unknown): unknown {
  return walk(value, 0, Infinity);
}

/**
 * `withVisibleText(value)` and the depth check in one walk (parseRecord's, on every answer of the
 * API): `{ value }`, or `undefined` when an array or object lies `max` or more levels below the
 * top (the top is level 0), which is `tooDeepAt`'s rule; its caller then asks `tooDeepAt` for the
 * path to name, so a refusal says exactly what it said when the two were separate walks. The walk
 * stops at the limit, so its recursion is never deeper than `max`. A string under a key in
 * `lineKeys` is made visibleLines instead (its line breaks separate parts).
 */
export function visibleWithin(value: unknown, max: number, tooDeep: (value: object, max: number) => boolean, lineKeys?: ReadonlySet<string>): { value: unknown } | undefined {
  try {
    return { value: walk(value, 0, max, tooDeep, lineKeys) };
  } catch (e) {
    if (e === TOO_DEEP) return undefined;
    throw e;
  }
}

function walk(value: unknown, depth: number, max: number, tooDeep?: (value: object, max: number) => boolean, lineKeys?: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= max) throw TOO_DEEP;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) continue;
      const t = walk(v, depth + 1, max, tooDeep, lineKeys);
      if (t !== v) (out ??= value.slice())[i] = t;
    }
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    let out: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    // for…in without a copy per object: most objects are unchanged, and only those get a copy.
    for (const k in record) {
      const v = record[k];
      if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) continue;
      const t = typeof v === 'string' && lineKeys?.has(k) ? visibleLines(v) : walk(v, depth + 1, max, tooDeep, lineKeys);
      if (t === v) continue;
      // defineProperty, not assignment, so a key "__proto__" stays a key.
      out ??= copyOf(record);
      Object.defineProperty(out, k, { value: t, writable: true, enumerable: true, configurable: true });
    }
    return out ?? value;
  }
  // Any other object (a Decimal, a Date a library caller passed) is kept as it is, and only its depth is checked.
  if (tooDeep?.(value, max - depth)) throw TOO_DEEP;
  return value;
}

/** A shallow copy whose keys are all data properties (a "__proto__" key included). */
function copyOf(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record));
}
