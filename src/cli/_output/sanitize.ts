/**
 * Text from the API as it may be printed: control characters (including ESC, which would let a
 * search result drive the terminal) become spaces or are dropped. Data stays data.
 */
export function plainText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\t\n]/g, ' ');
}

/** `s` cut to `width` characters with `…` when longer. */
export function truncate(s: string, width: number): string {
  const chars = [...s];
  if (chars.length <= width) return s;
  if (width <= 1) return '…'.slice(0, width);
  return chars.slice(0, width - 1).join('') + '…';
}

export function textWidth(s: string): number {
  return [...s].length;
}
