/**
 * The words of `text`, a lone unit or closing sign kept with the word before it, so "(5.4 %)"
 * never breaks into "(5.4" and "%)".
 */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (words.length && /^[%‰)\]}.,;:!?]+[)\].,;:!?]*$/.test(word)) words[words.length - 1] += ` ${word}`;
    else words.push(word);
  }
  return words;
}

/**
 * Word-wraps plain text to `width` columns, each line prefixed with `indent` (lines after the
 * first with `rest`, for hanging indents); words longer than a line are cut. An unbounded
 * width (output into a pipe) keeps each paragraph on one line.
 */
export function wrap(text: string, width: number, indent: string, rest: string = indent): string[] {
  const room = Math.max(10, width - Math.max(indent.length, rest.length));
  const lines: string[] = [];
  let line = '';
  for (let word of wordsOf(text)) {
    while ([...word].length > room) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push([...word].slice(0, room).join(''));
      word = [...word].slice(room).join('');
    }
    if (!line) line = word;
    else if ([...line].length + 1 + [...word].length <= room) line += ' ' + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? indent : rest) + l);
}
