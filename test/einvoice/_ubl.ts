import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { Decimal } from 'decimal.js';

/** UBL's namespaces by the prefixes our paths use. */
const NS: Record<string, string> = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** Parses XML bytes with @xmldom/xmldom (a parser not written here); a parse error fails the test. */
export function parseXml(bytes: Uint8Array): Document {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => void (level !== 'warning' && errors.push(msg)) }).parseFromString(Buffer.from(bytes).toString('utf8'), 'text/xml');
  if (errors.length) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  return doc;
}

function children(el: Element, step: string): Element[] {
  const [prefix, local] = step.split(':') as [string, string];
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === NS[prefix] && (n as Element).localName === local) out.push(n as Element);
  }
  return out;
}

/** Every element at `path` (`cac:Party/cbc:EndpointID`) under `el`, direct children step by step. */
export function all(el: Element, path: string): Element[] {
  let level = [el];
  for (const step of path.split('/')) level = level.flatMap((e) => children(e, step));
  return level;
}

/** The one element at `path`; fails when there is none or more than one. */
export function one(el: Element, path: string): Element {
  const found = all(el, path);
  if (found.length !== 1) throw new Error(`${path}: ${found.length} elements, expected 1`);
  return found[0]!;
}

/** Text of the one element at `path`, or undefined when there is none. */
export function text(el: Element, path: string): string | undefined {
  const found = all(el, path);
  if (found.length > 1) throw new Error(`${path}: ${found.length} elements, expected at most 1`);
  return found[0]?.textContent ?? undefined;
}

/** An amount written from minor units by hand: 1234567 → "12345.67" (Decimal, not the code under test). */
export function money(minor: number | bigint): string {
  return new Decimal(minor.toString()).dividedBy(100).toFixed(2);
}

/** Every element without child elements whose text is empty or blank (Peppol forbids them, R008). */
export function emptyElements(doc: Document): string[] {
  const out: string[] = [];
  const walk = (el: Element): void => {
    let hasChild = false;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      hasChild = true;
      walk(n as Element);
    }
    if (!hasChild && !(el.textContent ?? '').trim()) out.push(el.tagName);
  };
  walk(doc.documentElement!);
  return out;
}
