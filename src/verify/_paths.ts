/** A text cut to about `width` characters around position `at`, with `…` where cut, control characters shown as escapes. */
export function around(text: string, at: number, width = 90): string {
  const from = Math.max(0, at - Math.floor(width / 3));
  const to = Math.min(text.length, from + width);
  const cut = `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  return JSON.stringify(cut).slice(1, -1);
}
