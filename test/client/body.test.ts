import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readAll } from '../../src/client/_body.js';

const chunks = () => Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('h')]);

describe('readAll', () => {
  it('reads every byte whether the content-length is right, absent, short or long', async () => {
    for (const length of [8, undefined, 5, 20, 0]) {
      expect((await readAll(chunks(), length)).toString('latin1'), String(length)).toBe('abcdefgh');
    }
  });
});
