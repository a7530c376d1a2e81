/**
 * A byte-level scanner for a JSON object that arrives in chunks and has one very large array
 * member (the 100,000 keys of a key-usage response). It does not parse values: it only tracks
 * strings, escapes and bracket depth to find where each value begins and ends, so each array
 * element (and each other member) can be decoded whole and handed to the native `JSON.parse`.
 * That is several times faster than a tokenizer written in JavaScript, and leaves far less
 * garbage: the only copies are the tails of values cut by a chunk boundary.
 *
 * Working on bytes and decoding a whole value at once means a UTF-8 character split across
 * chunks is never decoded in halves. Values the scanner only measures (their inside) are
 * checked by `JSON.parse`; the object's own punctuation (braces, colons, commas) is checked here.
 */

/** The response is not JSON, or not a JSON object, or it ends early. */
export class JsonScanError extends Error {
  override readonly name = 'JsonScanError';
}

export interface MemberHandlers {
  /** Each element of the large array member, as text, in order. */
  onElement(text: string, index: number): void;
  /** Every other member of the object, its value as text (not yet parsed). */
  onMember(name: string, text: string): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

// Where the scanner is in the object. A value being captured is tracked apart (`capturing`).
const enum At {
  RootBefore, // before the opening brace
  ObjOpen, // after `{`: a name or `}`
  Colon, // after a member name
  ValueBefore, // after `:`
  ObjAfter, // after a member's value: `,` or `}`
  ObjNext, // after `,`: a name
  ArrOpen, // after the big array's `[`: an element or `]`
  ArrAfter, // after an element: `,` or `]`
  ArrNext, // after `,` in the big array: an element
  RootAfter, // after the closing brace: only whitespace
}

// What the value being captured is: a member name, a member's value, or an array element.
const enum Capture {
  Name,
  Member,
  Element,
}

export class MemberScanner {
  private at: At = At.RootBefore;
  private capturing = false;
  private kind: Capture = Capture.Name;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private scalar = false;
  /** Start of the captured value in the current chunk (0 once it began in an earlier one). */
  private start = 0;
  /** Copies of the captured value's bytes from earlier chunks. */
  private parts: Buffer[] = [];
  private name = '';
  private index = 0;
  /** Bytes of earlier chunks, for positions in error messages. */
  private offset = 0;
  private seenArray = false;

  constructor(
    private readonly arrayMember: string,
    private readonly handlers: MemberHandlers,
  ) {}

  /** Whether the large array member was there (as an array). */
  get sawArray(): boolean {
    return this.seenArray;
  }

  /** Scans one chunk; handlers are called (and may throw) before it returns. */
  write(chunk: Buffer): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.capturing) {
        i = this.capture(chunk, i);
        continue;
      }
      const b = chunk[i]!;
      if (isSpace(b)) {
        i++;
        continue;
      }
      switch (this.at) {
        case At.RootBefore:
          if (b !== OPEN_OBJ) this.unexpected(b, i, 'an object');
          this.at = At.ObjOpen;
          break;
        case At.ObjOpen:
        case At.ObjNext:
          if (b === CLOSE_OBJ && this.at === At.ObjOpen) this.at = At.RootAfter;
          else if (b === QUOTE) this.begin(Capture.Name, chunk, i);
          else this.unexpected(b, i, 'a member name');
          break;
        case At.Colon:
          if (b !== COLON) this.unexpected(b, i, "':'");
          this.at = At.ValueBefore;
          break;
        case At.ValueBefore:
          if (b === OPEN_ARR && this.name === this.arrayMember) {
            if (this.seenArray) throw new JsonScanError(`"${this.arrayMember}" appears twice`);
            this.seenArray = true;
            this.at = At.ArrOpen;
          } else {
            this.begin(Capture.Member, chunk, i);
          }
          break;
        case At.ObjAfter:
          if (b === COMMA) this.at = At.ObjNext;
          else if (b === CLOSE_OBJ) this.at = At.RootAfter;
          else this.unexpected(b, i, "',' or '}'");
          break;
        case At.ArrOpen:
          if (b === CLOSE_ARR) this.at = At.ObjAfter;
          else this.begin(Capture.Element, chunk, i);
          break;
        case At.ArrAfter:
          if (b === COMMA) this.at = At.ArrNext;
          else if (b === CLOSE_ARR) this.at = At.ObjAfter;
          else this.unexpected(b, i, "',' or ']'");
          break;
        case At.ArrNext:
          this.begin(Capture.Element, chunk, i);
          break;
        case At.RootAfter:
          this.unexpected(b, i, 'the end');
      }
      // `begin` leaves the first byte for `capture` (a scalar may end right away); the rest consume it.
      if (!this.capturing) i++;
    }
    if (this.capturing) {
      // Only the cut tail is copied, so the chunk itself can be collected.
      this.parts.push(Buffer.from(chunk.subarray(this.start)));
      this.start = 0;
    }
    this.offset += n;
  }

  /** The response ended: throws unless the object was complete. */
  end(): void {
    if (this.at !== At.RootAfter || this.capturing) throw new JsonScanError(`the response ends early, after ${this.offset} bytes`);
  }

  private begin(kind: Capture, chunk: Buffer, i: number): void {
    const b = chunk[i]!;
    if (b === COMMA || b === COLON || b === CLOSE_ARR || b === CLOSE_OBJ) this.unexpected(b, i, 'a value');
    this.capturing = true;
    this.kind = kind;
    this.start = i;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    // Numbers, true, false, null: they end at the next delimiter (JSON.parse checks them).
    this.scalar = b !== QUOTE && b !== OPEN_OBJ && b !== OPEN_ARR;
  }

  /** Scans the captured value from `i`; returns where scanning goes on. */
  private capture(chunk: Buffer, i: number): number {
    const n = chunk.length;
    if (this.scalar) {
      for (; i < n; i++) {
        const b = chunk[i]!;
        if (b === COMMA || b === CLOSE_OBJ || b === CLOSE_ARR || isSpace(b)) {
          this.finish(chunk, i);
          return i; // the delimiter belongs to the object, not the value
        }
      }
      return n;
    }
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (; i < n; i++) {
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (depth === 0) {
            this.finish(chunk, i + 1);
            return i + 1;
          }
        }
      } else if (b === QUOTE) inString = true;
      else if (b === OPEN_OBJ || b === OPEN_ARR) depth++;
      else if (b === CLOSE_OBJ || b === CLOSE_ARR) {
        if (--depth === 0) {
          this.finish(chunk, i + 1);
          return i + 1;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return n;
  }

  private finish(chunk: Buffer, end: number): void {
    let text: string;
    if (this.parts.length === 0) text = chunk.toString('utf8', this.start, end);
    else {
      this.parts.push(chunk.subarray(0, end));
      text = Buffer.concat(this.parts).toString('utf8');
      this.parts = [];
    }
    this.capturing = false;
    switch (this.kind) {
      case Capture.Name:
        this.name = JSON.parse(text) as string;
        this.at = At.Colon;
        break;
      case Capture.Member:
        this.at = At.ObjAfter;
        this.handlers.onMember(this.name, text);
        break;
      case Capture.Element:
        this.at = At.ArrAfter;
        this.handlers.onElement(text, this.index++);
    }
  }

  private unexpected(b: number, i: number, expected: string): never {
    const shown = b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, '0')}`;
    throw new JsonScanError(`expected ${expected} but found ${shown} at byte ${this.offset + i}`);
  }
}
