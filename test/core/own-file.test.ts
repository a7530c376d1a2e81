// The one rule for a path svc reads or replaces (issue 37): missing, or a regular file. Anything
// else is refused by name before it is opened: a FIFO's writer never sees a reader.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { OutputLinkError, OutputPathError, ownFile, readOwnFile } from '../../src/core/index.js';
import { plantFifo } from '../_fifo.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-own-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readOwnFile', () => {
  test('a regular file is read; a missing one is undefined', async () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    expect((await readOwnFile(join(dir, 'a.json')))?.bytes.toString('utf8')).toBe('{"a":1}');
    expect(await readOwnFile(join(dir, 'missing.json'))).toBeUndefined();
  });

  test('a FIFO is refused by name for each use, and never opened: its writer still waits for a reader', async () => {
    const fifo = await plantFifo(join(dir, 'manifest.json'));
    try {
      for (const [use, words] of [['read', 'cannot read'], ['write', 'cannot write'], ['lock', 'cannot take the lock at']] as const) {
        const err = await readOwnFile(fifo.path, { use }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OutputPathError);
        expect((err as Error).message).toBe(`${words} ${fifo.path}: it is a FIFO (named pipe), not a regular file`);
      }
      await expect(readOwnFile(fifo.path, { within: dir })).rejects.toBeInstanceOf(OutputPathError);
      await expect(readOwnFile(fifo.path, { followLink: true })).rejects.toBeInstanceOf(OutputPathError);
      expect(fifo.neverRead()).toBe(true);
    } finally {
      await fifo.stop();
    }
  });

  test('a socket and a folder are refused, naming what they are', async () => {
    const socket = createServer();
    await new Promise<void>((resolve) => socket.listen(join(dir, 'sock'), resolve));
    try {
      await expect(readOwnFile(join(dir, 'sock'))).rejects.toMatchObject({ kind: 'a socket' });
    } finally {
      await new Promise((resolve) => socket.close(resolve));
    }
    mkdirSync(join(dir, 'folder'));
    await expect(readOwnFile(join(dir, 'folder'))).rejects.toMatchObject({ kind: 'a folder' });
  });

  test('a symbolic link: refused by default, refused by name below `within`, followed to a regular file only when asked', async () => {
    writeFileSync(join(dir, 'target'), 'kept elsewhere');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    await expect(readOwnFile(join(dir, 'link'))).rejects.toMatchObject({ kind: 'a symbolic link' });
    await expect(readOwnFile(join(dir, 'link'), { within: dir })).rejects.toBeInstanceOf(OutputLinkError);
    expect((await readOwnFile(join(dir, 'link'), { followLink: true }))?.bytes.toString('utf8')).toBe('kept elsewhere');
    const fifo = await plantFifo(join(dir, 'pipe'));
    try {
      symlinkSync(fifo.path, join(dir, 'to-pipe'));
      await expect(readOwnFile(join(dir, 'to-pipe'), { followLink: true })).rejects.toMatchObject({ kind: 'a symbolic link to a FIFO (named pipe)' });
      expect(fifo.neverRead()).toBe(true);
    } finally {
      await fifo.stop();
    }
  });
});

describe('ownFile', () => {
  test('answers without opening: the path and lstat of a regular file, undefined when missing or under a missing folder', async () => {
    writeFileSync(join(dir, 'f'), 'x');
    expect((await ownFile(join(dir, 'f')))?.stats.size).toBe(1);
    expect(await ownFile(join(dir, 'nope'))).toBeUndefined();
    expect(await ownFile(join(dir, 'f', 'under-a-file'))).toBeUndefined();
  });
});
