/** Ids tracked before a store stops: past it, keeping every id costs more memory than a reading of the rows costs time. */
const TRACKED_IDS = 10_000;

/**
 * Whether the key ids a store has been given all differ, known while they arrive for a store of
 * up to TRACKED_IDS keys (a month end's organizations): the Summary's `key_repeated` check then
 * needs no reading of the packed rows. Past that, or once an id repeats, the ids are let go and
 * the check reads the rows, which also names where each repeat is.
 */
export class DistinctIds {
  private seen: Set<string> | null = new Set();
  /** true: every id so far differs from the others; false: one repeats; undefined: too many to have kept. */
  distinct: boolean | undefined = true;

  add(id: string): void {
    const seen = this.seen;
    if (!seen) return;
    if (seen.has(id)) {
      this.distinct = false;
      this.seen = null;
    } else if (seen.size >= TRACKED_IDS) {
      this.distinct = undefined;
      this.seen = null;
    } else seen.add(id);
  }
}
