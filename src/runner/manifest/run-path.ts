/** True for a path a run writes: relative to the month folder, `/`-separated, no empty, `.` or `..` parts. */
export function isRunPath(p: unknown): p is string {
  return typeof p === 'string' && p.length > 0 && !p.startsWith('/') && !p.includes('\\') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}
