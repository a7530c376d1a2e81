import { statSync, type Stats } from 'node:fs';

/**
 * What `path` is, or undefined when there is nothing there or it cannot be asked: synchronous,
 * and no Error made when there is none (every organization of a run asks, most often of nothing).
 */
export function statOrNone(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
