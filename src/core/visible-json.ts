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
    const entries = Object.entries(value);
    let changed = false;
    for (const entry of entries) {
      const t = withVisibleText(entry[1]);
      if (t !== entry[1]) {
        entry[1] = t;
        changed = true;
      }
    }
    // fromEntries defines each key as data, so a key "__proto__" stays a key.
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}
