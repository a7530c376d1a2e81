import { createHash } from 'node:crypto';
import { INVISIBLE_CLASS, LINE_BREAK_CLASS, LONE_SURROGATE_CLASS } from '../../core/index.js';

// Names Windows refuses whatever the extension (CON, CON.txt, com1.pdf ...), compared case-blind.
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// Forbidden on Windows, or a separator somewhere; the invisible characters, line breaks and lone
// surrogates of the one definition (core/invisible-text.ts).
// A lone surrogate (\ud800 with no partner) cannot be written to a file name: the file system
// would get U+FFFD while the manifest kept \ud800, and no link could be made to it.
const UNSAFE = new RegExp(`[<>:"/\\\\|?*${INVISIBLE_CLASS}${LINE_BREAK_CLASS}${LONE_SURROGATE_CLASS}]`, 'gu');

/** Longest name part we produce, in UTF-8 bytes: well under the 255 of common file systems. */
export const MAX_NAME_BYTES = 120;

function truncateUtf8(s: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** First 8 hex digits of the sha256 of `s`: a short, stable disambiguator. */
export function shortHash(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 8);
}

/**
 * A file or folder name part made from untrusted text (an invoice number, an org id) that is
 * safe on Linux, macOS and Windows: no separators or traversal, no control or forbidden
 * characters, no reserved device names, no leading dots or trailing dots/spaces, never empty,
 * at most MAX_NAME_BYTES bytes. Unicode letters are kept (NFC). A name that had to be cut or
 * was emptied gets a hash of the original so different inputs stay different.
 */
export function safeNamePart(raw: string, maxBytes = MAX_NAME_BYTES): string {
  let s = raw.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/gu, ' ');
  s = s.replace(/^[.\s]+/u, '').replace(/[.\s]+$/u, '');
  const stem = s.split('.')[0] ?? '';
  if (RESERVED.test(stem.trim())) s = `_${s}`;
  if (s === '') return `_${shortHash(raw)}`;
  if (Buffer.byteLength(s) > maxBytes) {
    s = truncateUtf8(s, maxBytes - 9).replace(/[.\s]+$/u, '') + `~${shortHash(raw)}`;
  }
  return s;
}

/**
 * Assigns each item a distinct safe name, deterministically: items are taken in the given
 * order (callers sort by something stable, e.g. issue time then id), the first keeps the plain
 * name and later ones whose name collides case-blind (as on Windows and macOS) get
 * `~<hash of their key>`. Returns names in input order.
 */
export function assignSafeNames(items: ReadonlyArray<{ raw: string; key: string }>, taken: Iterable<string> = []): string[] {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  return items.map(({ raw, key }) => {
    let name = safeNamePart(raw);
    if (used.has(name.toLowerCase())) {
      const base = truncateUtf8(name, MAX_NAME_BYTES - 9);
      name = `${base}~${shortHash(key)}`;
      for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base}~${shortHash(`${key}#${i}`)}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
