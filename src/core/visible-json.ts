import { visibleText } from './invisible-text.js';

/**
 * `value` (JSON from the API or a file) with every string in it as visibleText makes it, copied
 * only where a string changed. Keys stay as sent (the schemas name the keys they read). It
 * recurses: callers pass JSON whose depth is bounded (parseRecord checks it first; the run
 * config passes what its schema accepted).
 */
export function withVisibleText(value: unknown): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) continue;
      const t = withVisibleText(v);
      if (t !== v) (out ??= value.slice())[i] = t;
    }
    return out ?? value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let out: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    // for…in without a copy per object: most objects are unchanged, and only those get a copy.
    for (const k in record) {
      const v = record[k];
      if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) continue;
      const t = withVisibleText(v);
      if (t === v) continue;
      // defineProperty, not assignment, so a key "__proto__" stays a key.
      out ??= copyOf(record);
      Object.defineProperty(out, k, { value: t, writable: true, enumerable: true, configurable: true });
    }
    return out ?? value;
  }
  return value;
}

/** A shallow copy whose keys are all data properties (a "__proto__" key included). */
function copyOf(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record));
}
