/** One piece of a JSON text cut by `jsonUnits`: whole lines, its own line break included. */
export interface JsonUnit {
  /** The text, ending in "\n". */
  text: string;
  /**
   * What the text is, for putting the parsed value back together (`JsonAssembler`):
   * `member` a member with its value (`  "key": value`), `array` the opening of an array member
   * (`  "key": [`), `element` one element of that array, and `frame` the rest (the object's
   * braces, the array's closing bracket).
   */
  kind: 'frame' | 'member' | 'array' | 'element';
  /** What follows the value on its last line: `,\n` or `\n`. */
  after: string;
}

/** A value as JSON indented by two spaces, or undefined where JSON.stringify gives none (undefined, a function). */
export type Stringify = (value: unknown) => string | undefined;

/** `text` moved in by `pad` on every line after its first, as JSON.stringify indents a nested value: its line breaks are layout (a break in a string is written `\n`). */
function indented(text: string, pad: string): string {
  return text.includes('\n') ? text.replaceAll('\n', `\n${pad}`) : text;
}

/**
 * The text `stringify` gives for the plain object `value` (indented by two spaces), followed by a
 * line break, cut into units of whole lines: the opening brace, each member, and for each member
 * named in `split` that is a non-empty array its opening, each element on its own and its
 * closing, then the closing brace. Joined, the units are exactly `stringify(value) + "\n"`: the
 * members come in the object's order, a member JSON leaves out (undefined, a function) is left
 * out, an element it writes as null is null.
 *
 * A run's manifest holds every organization and every file (8 MB of JSON at 1,000
 * organizations): made as one string it was there several times over at the end of a run (the
 * text, its big integers written, scrubbed, with its line break, encoded), the run's peak memory.
 * In units each is made, scrubbed and written in turn (bench/README.md, issue 42).
 */
export function* jsonUnits(value: Record<string, unknown>, stringify: Stringify, split: ReadonlySet<string>): Generator<JsonUnit> {
  // Which members are written is known only once each is made: the small ones are made first,
  // so the last member (no comma after it) is known before anything is handed out.
  const members: Array<{ key: string; text?: string; elements?: readonly unknown[] }> = [];
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (split.has(key) && Array.isArray(v) && v.length > 0) members.push({ key, elements: v });
    else {
      const text = stringify(v);
      if (text !== undefined) members.push({ key, text });
    }
  }
  if (members.length === 0) {
    yield { text: '{}\n', kind: 'frame', after: '\n' };
    return;
  }
  yield { text: '{\n', kind: 'frame', after: '\n' };
  for (let m = 0; m < members.length; m++) {
    const { key, text, elements } = members[m]!;
    const after = m === members.length - 1 ? '\n' : ',\n';
    const name = `  ${JSON.stringify(key)}: `;
    if (elements === undefined) {
      yield { text: `${name}${indented(text!, '  ')}${after}`, kind: 'member', after };
      continue;
    }
    yield { text: `${name}[\n`, kind: 'array', after: '\n' };
    for (let i = 0; i < elements.length; i++) {
      const last = i === elements.length - 1 ? '\n' : ',\n';
      // An element JSON cannot write (undefined, a function) is null in an array.
      yield { text: `    ${indented(stringify(elements[i]) ?? 'null', '    ')}${last}`, kind: 'element', after: last };
    }
    yield { text: `  ]${after}`, kind: 'frame', after };
  }
  yield { text: '}\n', kind: 'frame', after: '\n' };
}

/**
 * The value of a JSON text put back together from its units (after each was scrubbed), as
 * JSON.parse of the joined text would give it, without the joined text.
 */
export class JsonAssembler {
  private readonly result: Record<string, unknown> = {};
  private array: unknown[] | undefined;

  add(unit: JsonUnit, text: string): void {
    const body = text.endsWith(unit.after) ? text.slice(0, text.length - unit.after.length) : text;
    if (unit.kind === 'member') Object.assign(this.result, JSON.parse(`{${body}}`));
    else if (unit.kind === 'array') {
      // The member's name as written (a scrubbed name stays scrubbed, as in the whole text).
      const [key] = Object.keys(JSON.parse(`{${body}]}`) as object);
      this.array = [];
      this.result[key!] = this.array;
    } else if (unit.kind === 'element') this.array!.push(JSON.parse(body));
  }

  value(): Record<string, unknown> {
    return this.result;
  }
}
