/**
 * A key as it may be shown: its kind prefix and last four characters, e.g. `sk-…f00d`.
 * Keys too short to keep four characters hidden show no tail at all.
 */
export function maskKey(key: string): string {
  const prefix = /^[A-Za-z]{1,8}[-_]/.exec(key)?.[0] ?? '';
  if (key.length - prefix.length < 12) return `${prefix}…`;
  return `${prefix}…${key.slice(-4)}`;
}
