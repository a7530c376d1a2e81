/**
 * Freezes a parsed JSON value and everything in it, so a dataset shared by several servers cannot
 * be changed by one of them (a write throws in strict code instead of leaking into the next server).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // A Map's entries are not properties: freeze what it holds (its own set/delete stay callable).
    for (const v of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(v);
  }
  return value;
}
