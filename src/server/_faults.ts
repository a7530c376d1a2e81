import type { ServerFault } from './options.js';

/** Injected failures (ReferenceServerOptions.faults): the first matching fault with attempts left answers. */
export class FaultInjector {
  private readonly left: Array<number | undefined>;
  constructor(private readonly faults: readonly ServerFault[]) {
    this.left = faults.map((f) => f.times);
  }

  take(path: string): ServerFault | undefined {
    for (let i = 0; i < this.faults.length; i++) {
      const f = this.faults[i]!;
      if (!matches(f.path, path)) continue;
      const left = this.left[i];
      if (left === undefined) return f;
      if (left <= 0) continue;
      this.left[i] = left - 1;
      return f;
    }
    return undefined;
  }
}

function matches(pattern: string | RegExp, path: string): boolean {
  if (typeof pattern !== 'string') return pattern.test(path);
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}
