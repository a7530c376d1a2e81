// The one atomic writer every output goes through (issue 14, faults 1, 2 and the symlink of 11):
// a full disk is one clear error naming the file with the earlier file kept; a path that is a
// FIFO, a device or a folder is refused, never replaced; a symlink is written through.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { OutputPathError, OutputWriteError, saveStreamAtomic, writeFileAtomic, writeStreamAtomic, makeFolder } from '../../src/core/index.js';
import { IS_ROOT, runs } from '../_tools.js';
import { CAN_MOUNT, tinyDisk, type TinyDisk } from './_tmpfs.js';

const temp = () => mkdtempSync(join(tmpdir(), 'svc-core-'));
const pdfLike = (n: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(n - 9, 0x41)]);

describe.runIf(runs(CAN_MOUNT))('a full disk (a tmpfs of 64 KiB mounted for the test)', () => {
  let disk: TinyDisk | undefined;
  afterEach(() => {
    disk?.unmount();
    disk = undefined;
  });

  // The writes that fit only partly: write(2) takes what fits and returns a short count.
  const writers: Array<[string, (path: string, data: Buffer) => Promise<unknown>]> = [
    ['writeFileAtomic', (path, data) => writeFileAtomic(path, data)],
    ['saveStreamAtomic (one chunk, as a PDF body arrives)', (path, data) => saveStreamAtomic(Readable.from([data]), path)],
    ['writeStreamAtomic (a workbook stream)', (path, data) => writeStreamAtomic(path, async (out) => void out.write(data))],
  ];
  for (const [name, write] of writers) {
    test(`${name}: one error naming the file, the earlier file kept, no temp file`, async () => {
      disk = tinyDisk(64)!;
      const path = join(disk.dir, 'invoice.pdf');
      writeFileSync(path, 'the good earlier file');
      disk.leaveFree(8192);
      const err = await write(path, pdfLike(19305)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutputWriteError);
      expect((err as Error).message).toBe(`cannot write ${path}: no space left on device (ENOSPC)`);
      expect(readFileSync(path, 'utf8')).toBe('the good earlier file');
      expect(readdirSync(disk.dir).filter((n) => n.startsWith('.svc-tmp-'))).toEqual([]);
    });
  }

  test('with room enough the same write lands whole', async () => {
    disk = tinyDisk(64)!;
    const path = join(disk.dir, 'invoice.pdf');
    disk.leaveFree(32768);
    await saveStreamAtomic(Readable.from([pdfLike(19305)]), path);
    expect(readFileSync(path).equals(pdfLike(19305))).toBe(true);
  });
});

describe('a path that exists and is not a regular file is refused, not replaced', () => {
  test('a FIFO', async () => {
    const dir = temp();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const err = await writeFileAtomic(fifo, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputPathError);
    expect((err as Error).message).toBe(`cannot write ${fifo}: it is a FIFO (named pipe), not a regular file`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  test.runIf(runs(IS_ROOT))('a character device (a /dev/null made with mknod beside the test)', async () => {
    const dir = temp();
    const dev = join(dir, 'null');
    execFileSync('mknod', [dev, 'c', '1', '3']);
    const err = await writeStreamAtomic(dev, async (out) => void out.write('x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputPathError);
    expect((err as OutputPathError).kind).toBe('a character device');
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);
  });

  test('a folder, and a symlink to a FIFO', async () => {
    const dir = temp();
    expect(await writeFileAtomic(dir, 'x').catch((e: unknown) => (e as OutputPathError).kind)).toBe('a folder');
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, join(dir, 'link'));
    expect(await writeFileAtomic(join(dir, 'link'), 'x').catch((e: unknown) => (e as OutputPathError).kind)).toBe('a symbolic link to a FIFO (named pipe)');
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
  });
});

describe('symbolic links', () => {
  test('are written through: the target gets the new bytes, the link stays a link', async () => {
    const dir = temp();
    const store = temp();
    const target = join(store, 'credentials.json');
    writeFileSync(target, 'old');
    symlinkSync(target, join(dir, 'credentials.json'));
    await writeFileAtomic(join(dir, 'credentials.json'), 'new', { mode: 0o600 });
    expect(lstatSync(join(dir, 'credentials.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'credentials.json'))).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(store)).toEqual(['credentials.json']);
  });

  test('a link to nothing is refused', async () => {
    const dir = temp();
    symlinkSync(join(dir, 'missing'), join(dir, 'out.pdf'));
    const err = await writeFileAtomic(join(dir, 'out.pdf'), 'x').catch((e: unknown) => e);
    expect((err as OutputPathError).kind).toBe('a symbolic link to nothing');
    expect(readdirSync(dir)).toEqual(['out.pdf']);
  });
});

describe('makeFolder', () => {
  test('makes missing parents, and fails (instead of looping for ever) where no folder can be made', async () => {
    const dir = temp();
    await makeFolder(join(dir, 'a', 'b', 'c'), 0o700);
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    // Node's own recursive mkdir spins at 100 % CPU here (mkdir says ENOENT under a parent that exists).
    await expect(makeFolder('/proc/self/svc-test')).rejects.toMatchObject({ code: 'ENOENT' });
    writeFileSync(join(dir, 'file'), '');
    await expect(makeFolder(join(dir, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  }, 10_000);
});
