/** Parsed `major.minor.patch[-pre]`, or undefined when `v` is not a release version. */
function parse(v: string): { nums: [number, number, number]; pre: string } | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(v.trim());
  if (!m) return undefined;
  return { nums: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ?? '' };
}

/** True when `candidate` is a newer release than `current` (semver order; a pre-release is older than its release). */
export function isNewer(candidate: string, current: string): boolean {
  const a = parse(candidate);
  const b = parse(current);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) if (a.nums[i] !== b.nums[i]) return a.nums[i]! > b.nums[i]!;
  if (a.pre === b.pre) return false;
  if (a.pre === '') return true;
  if (b.pre === '') return false;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true }) > 0;
}
