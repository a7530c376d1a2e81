/** A value as one short line for a difference's message. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/**
 * Where two plain JSON values differ: each path (`invoices[0].total_cents`) with what `found`
 * has there and what `expected` has, at most `limit` of them; key order does not count.
 */
export function differences(found: unknown, expected: unknown, limit = 5, path = ''): Array<{ path: string; found: unknown; expected: unknown }> {
  const out: Array<{ path: string; found: unknown; expected: unknown }> = [];
  const walk = (a: unknown, b: unknown, at: string): void => {
    if (out.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) {
        out.push({ path: `${at}.length`, found: a.length, expected: b.length });
        return;
      }
      a.forEach((v, i) => walk(v, b[i], `${at}[${i}]`));
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k);
      return;
    }
    if (a !== b) out.push({ path: at, found: a, expected: b });
  };
  walk(found, expected, path);
  return out;
}
