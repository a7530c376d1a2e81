/** Organizations at once unless `concurrency` says otherwise (a small module: the CLI names it before the runner loads). */
export const DEFAULT_CONCURRENCY = 4;
