/** Deepest nesting of arrays and objects a record may have: real records are a few levels deep. */
export const MAX_DEPTH = 64;

interface Step {
  value: unknown;
  depth: number;
  key: string | number;
  parent: Step | undefined;
}

/**
 * The path (as formatPath takes it) of the first value nested deeper than `max` levels, or
 * undefined. Walked with a stack of its own, not recursion: a 100,000-deep field would otherwise
 * end the stack here or later (JSON.stringify, a deep copy) with "Maximum call stack size
 * exceeded". Only arrays and objects are pushed, so a large flat record costs little.
 */
export function tooDeepAt(data: unknown, max = MAX_DEPTH): Array<string | number> | undefined {
  const stack: Step[] = [{ value: data, depth: 0, key: '', parent: undefined }];
  while (stack.length) {
    const step = stack.pop()!;
    const { value, depth } = step;
    if (depth >= max) {
      const path: Array<string | number> = [];
      for (let s: Step | undefined = step; s?.parent; s = s.parent) path.unshift(s.key);
      return path;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (typeof value[i] === 'object' && value[i] !== null) stack.push({ value: value[i], depth: depth + 1, key: i, parent: step });
    } else if (typeof value === 'object' && value !== null) {
      for (const k in value) {
        const v = (value as Record<string, unknown>)[k];
        if (typeof v === 'object' && v !== null) stack.push({ value: v, depth: depth + 1, key: k, parent: step });
      }
    }
  }
  return undefined;
}
