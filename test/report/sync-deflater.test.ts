// The whole-entry deflater of the workbook writer against Node's own deflateRawSync: the same
// bytes for every input, one after another from the one zlib state it keeps (reset between).
import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { deflateSync } from '../../src/report/xlsx/_sync-deflater.js';

/** Inputs of every kind a workbook has and some it has not: empty, tiny, XML, incompressible, past the 64 KB output piece. */
function inputs(): Buffer[] {
  const row = (i: number) => `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>Nøgle ${i} – ${'x'.repeat(i % 37)}</t></is></c><c r="B${i}" s="3"><v>${i * 1.25}</v></c></row>`;
  return [
    Buffer.alloc(0),
    Buffer.from('a'),
    Buffer.from(Array.from({ length: 40 }, (_, i) => row(i)).join('')),
    Buffer.from(Array.from({ length: 6000 }, (_, i) => row(i)).join('')),
    randomBytes(70_000),
    randomBytes(200_000),
    Buffer.alloc(300_000, 'ab'),
  ];
}

test('deflateSync gives deflateRawSync\'s bytes (level 1 and 6, sync-flushed), input after input', () => {
  for (const level of [1, 6]) {
    // Twice round, so each input also follows every other one through the kept state.
    for (const raw of [...inputs(), ...inputs().reverse()]) {
      const ours = deflateSync(raw, level);
      const node = deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH });
      expect(ours.equals(node), `${raw.length} bytes at level ${level}`).toBe(true);
      expect(inflateRawSync(ours, { finishFlush: constants.Z_SYNC_FLUSH }).equals(raw)).toBe(true);
    }
  }
});
