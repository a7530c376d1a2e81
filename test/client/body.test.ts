import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readAll } from '../../src/client/_body.js';

const chunks = () => Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('h')]);
const cap = (bytes: number) => ({ bytes, tooLarge: () => new Error(`over ${bytes}`) });

describe('readAll', () => {
  it('reads every byte whether the content-length is right, absent, short or long', async () => {
    for (const length of [8, undefined, 5, 20, 0]) {
      expect((await readAll(chunks(), length, cap(20))).toString('latin1'), String(length)).toBe('abcdefgh');
    }
  });

  it('a body of one chunk is read as it came, whatever its content-length says', async () => {
    const one = () => Readable.from([Buffer.from('abcdefgh')]);
    for (const length of [8, undefined, 5, 20]) {
      expect((await readAll(one(), length, cap(20))).toString('latin1'), String(length)).toBe('abcdefgh');
    }
    expect((await readAll(Readable.from([]), 8, cap(20))).length).toBe(0);
  });

  it('stops at the cap: a body announcing more is refused unread, one growing past it is cut off', async () => {
    await expect(readAll(chunks(), 9, cap(8))).rejects.toThrow('over 8');
    for (const length of [undefined, 5, 7]) await expect(readAll(chunks(), length, cap(7)), String(length)).rejects.toThrow('over 7');
  });
});
