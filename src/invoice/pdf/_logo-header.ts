/**
 * Most pixels a logo may have (4096 × 4096). Decoding holds several bytes a pixel: a 12,000 ×
 * 12,000 PNG took 1.6 GB before this cap; a logo printed a few centimetres wide needs far less.
 */
export const MAX_LOGO_PIXELS = 4096 * 4096;

export interface LogoHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Start-of-frame markers (baseline, progressive, lossless ...): not C4 (DHT), C8 (JPG), CC (DAC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2; // markers without a length
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (SOF.has(marker)) return i + 9 <= b.length ? { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) } : undefined;
    i += 2 + length;
  }
  return undefined;
}

/**
 * The one check of a logo's bytes, before anything decodes them: a PNG or a JPEG, its size read
 * from its header, at most MAX_LOGO_PIXELS. Returns the header, or why the bytes are refused
 * (a phrase that reads after "the logo is").
 */
export function readLogoHeader(bytes: Uint8Array): LogoHeader | { refused: string } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: LogoHeader | undefined;
  if (b.length >= 24 && b.subarray(0, 8).equals(PNG_SIGNATURE) && b.toString('latin1', 12, 16) === 'IHDR') {
    header = { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  } else if (b[0] === 0xff && b[1] === 0xd8) {
    const size = jpegSize(b);
    if (size) header = { format: 'jpeg', ...size };
  } else return { refused: 'not a PNG or JPEG image' };
  if (!header || header.width === 0 || header.height === 0) return { refused: 'not a readable PNG or JPEG image (no image size in its header)' };
  if (header.width * header.height > MAX_LOGO_PIXELS) {
    return { refused: `${header.width} × ${header.height} pixels, more than a logo may have (at most ${MAX_LOGO_PIXELS.toLocaleString('en')} pixels, e.g. 4096 × 4096)` };
  }
  return header;
}
