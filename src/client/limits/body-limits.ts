/**
 * The kinds of response body, each with its own size cap: `records` (an invoice, the invoice
 * list, monthly usage, plan cost, partner status, the gateway's answers), `keyUsage` (one key
 * usage answer, 100,000 keys are about 15 MB), `pdf` (the service's PDF of an invoice).
 */
export type BodyKind = 'records' | 'keyUsage' | 'pdf';

/**
 * Defaults well above real data (the largest answers of the reference dataset are a few MB)
 * and well below what would exhaust memory; `maxResponseBytes` raises or lowers each. Frozen:
 * the root exports it, and every client of the process starts from it.
 */
export const DEFAULT_MAX_RESPONSE_BYTES: Readonly<Record<BodyKind, number>> = Object.freeze({
  records: 64 * 1024 * 1024,
  keyUsage: 512 * 1024 * 1024,
  pdf: 64 * 1024 * 1024,
});

/** The caps with the caller's overrides; each must be a positive whole number of bytes. */
export function bodyLimits(overrides: Partial<Record<BodyKind, number>> | undefined, fail: (field: string) => Error): Record<BodyKind, number> {
  const limits = { ...DEFAULT_MAX_RESPONSE_BYTES };
  for (const [kind, value] of Object.entries(overrides ?? {})) {
    if (!(kind in limits)) throw fail(`maxResponseBytes.${kind}`);
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw fail(`maxResponseBytes.${kind}`);
    limits[kind as BodyKind] = value;
  }
  return limits;
}
