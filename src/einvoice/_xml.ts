const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Characters XML 1.0 cannot carry (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Any character that xmlText changes (surrogates included, paired or not: the slow path sorts them out). */
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern finds
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * Text from the record as XML character data: markup characters escaped, and what XML cannot
 * hold replaced by U+FFFD, visibly, so the document stays well-formed and says something was there.
 */
export function xmlText(text: string): string {
  // Most texts need neither: one test instead of two replacements.
  if (!SPECIAL.test(text)) return text;
  return text.replace(NOT_XML, '\ufffd').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/**
 * Writes UBL element by element into one string. `leaf` leaves an element out when its text is
 * empty or only spaces (Peppol forbids empty elements, PEPPOL-EN16931-R008); names and attribute
 * names are constants of this module's callers, never data.
 */
export class XmlWriter {
  private out = '<?xml version="1.0" encoding="UTF-8"?>\n';

  open(name: string, attributes = ''): this {
    this.out += `<${name}${attributes}>`;
    return this;
  }

  close(name: string): this {
    this.out += `</${name}>`;
    return this;
  }

  /** `<name attrs>text</name>`, or nothing when `text` is blank. */
  leaf(name: string, text: string | undefined, attributes?: Record<string, string>): this {
    if (text === undefined) return this;
    const value = text.trim();
    if (!value) return this;
    let attrs = '';
    if (attributes) for (const key in attributes) attrs += ` ${key}="${xmlText(attributes[key]!)}"`;
    this.out += `<${name}${attrs}>${xmlText(value)}</${name}>`;
    return this;
  }

  /** An amount element with its currency. */
  amount(name: string, value: string, currency: string): this {
    this.out += `<${name} currencyID="${currency}">${value}</${name}>`;
    return this;
  }

  toBytes(): Uint8Array {
    return Buffer.from(this.out, 'utf8');
  }
}
