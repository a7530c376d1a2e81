import { inflateRawSync } from 'node:zlib';

/**
 * The entries of a zip file (a workbook) by name, uncompressed; undefined when it is not a zip
 * this reader knows (stored or deflated entries, no zip64), which the caller then compares as bytes.
 */
export function zipEntries(zip: Buffer): Map<string, Buffer> | undefined {
  try {
    let end = zip.length - 22;
    while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
    if (end < 0) return undefined;
    const count = zip.readUInt16LE(end + 10);
    let at = zip.readUInt32LE(end + 16);
    const out = new Map<string, Buffer>();
    for (let i = 0; i < count; i++) {
      if (zip.readUInt32LE(at) !== 0x02014b50) return undefined;
      const method = zip.readUInt16LE(at + 10);
      const size = zip.readUInt32LE(at + 20);
      const nameLength = zip.readUInt16LE(at + 28);
      const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
      const local = zip.readUInt32LE(at + 42);
      const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      if (zip.readUInt32LE(local) !== 0x04034b50) return undefined;
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) out.set(name, data);
      else if (method === 8) out.set(name, inflateRawSync(data));
      else return undefined;
      at += 46 + skip;
    }
    return out;
  } catch {
    return undefined;
  }
}
