// Issue 14, faults 1 and 2, as a user meets them: `svc invoices pdf` on a nearly full disk, and
// `-o` naming a FIFO or a device, for every command that writes a file.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startFakeServer, type FakeServer } from './_fake-server.js';
import { IS_ROOT, runs } from '../_tools.js';
import { CAN_MOUNT, tinyDisk, type TinyDisk } from '../core/_tmpfs.js';
import { svc } from '../_harness/index.js';

const ORG = 'org-nordlys';
const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
// A PDF of the size the attack saw cut at 4,096, 8,192 or 16,384 bytes, sent in one piece.
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(19305 - 9, 0x41)]);

let server: FakeServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    if (req.url === `/api/orgs/${ORG}/invoices/${ID}/pdf`) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(PDF.length) });
      res.end(PDF);
      return;
    }
    res.writeHead(404).end();
  });
  env = { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: 'tok-output-paths-123', SVC_ORG_ID: ORG };
});
afterAll(() => server.close());

describe.runIf(runs(CAN_MOUNT))('svc invoices pdf on a nearly full disk (a 64 KiB tmpfs)', () => {
  let disk: TinyDisk | undefined;
  afterEach(() => {
    disk?.unmount();
    disk = undefined;
  });

  test('exits 1 with one line naming the file; the good file is kept whole and no temp file is left', async () => {
    disk = tinyDisk(64)!;
    const good = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x42)]);
    const path = join(disk.dir, 'invoice.pdf');
    writeFileSync(path, good);
    disk.leaveFree(8192);
    const r = await svc(['invoices', 'pdf', ID, '-o', path], { env: env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`svc: cannot write ${path}: no space left on device (ENOSPC) (free some space or write elsewhere; any earlier file there is unchanged)\n`);
    expect(readFileSync(path).equals(good)).toBe(true);
    expect(readdirSync(disk.dir).filter((n) => n.startsWith('.svc-tmp-'))).toEqual([]);
  });
});

describe('-o naming something that is not a regular file', () => {
  const commands: Array<[string, (out: string) => string[]]> = [
    ['invoices pdf', (out) => ['invoices', 'pdf', ID, '-o', out]],
    ['invoices render', (out) => ['invoices', 'render', 'samples/invoices/nordlys-2026-10.json', '-o', out]],
    ['report cost', (out) => ['report', 'cost', '--month', '2026-10', '-o', out]],
  ];
  for (const [name, argv] of commands) {
    test(`${name} -o FIFO: exit 2 naming -o, before any request; the FIFO is still a FIFO`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-out-'));
      const fifo = join(dir, 'out');
      execFileSync('mkfifo', [fifo]);
      const before = server.seen.length;
      const r = await svc(argv(fifo), { env: env, cwd: process.cwd() });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`svc: -o ${fifo} is a FIFO (named pipe), not a regular file; give a file name, or -o - to write to stdout`);
      expect(server.seen.length).toBe(before);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(readdirSync(dir)).toEqual(['out']);
    });
  }

  test.runIf(runs(IS_ROOT))('invoices pdf -o a character device (mknod c 1 3, a /dev/null of the test\'s own): refused, still a device', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-out-'));
    const dev = join(dir, 'null');
    execFileSync('mknod', [dev, 'c', '1', '3']);
    const r = await svc(['invoices', 'pdf', ID, '-o', dev], { env: env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`-o ${dev} is a character device, not a regular file`);
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);
  });

  test('invoices pdf -o - writes the PDF to stdout', async () => {
    const r = await svc(['invoices', 'pdf', ID, '-o', '-'], { env: env });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('%PDF-1.7')).toBe(true);
    expect(r.stdout.length).toBe(PDF.length);
  });
});
