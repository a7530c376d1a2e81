/**
 * Runs `task` over `items` with at most `concurrency` at a time; stops taking new items once
 * `signal` is aborted. `task` must not throw (each item's failure is its own result).
 * Returns the results in input order, undefined for items never started.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal,
  task: (item: T, index: number) => Promise<R>,
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = new Array(items.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
