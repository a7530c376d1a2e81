import { visibleText } from '../core/index.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text from the record as XML character data: the one rule for invisible characters
 * (core/invisible-text.ts: removed, line breaks a space, a lone surrogate U+FFFD; the records
 * have it already), so cbc:ID says what the PDF says; U+FFFE/U+FFFF, which XML cannot hold,
 * become U+FFFD; markup characters escaped.
 */
export function xmlText(text: string): string {
  const visible = visibleText(text);
  // Most texts have nothing to replace: one test instead of two replacements.
  if (!/[&<>"\ufffe\uffff]/.test(visible)) return visible;
  return visible.replace(/[\ufffe\uffff]/g, '\ufffd').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
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
