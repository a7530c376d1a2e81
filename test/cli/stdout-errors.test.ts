import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Output that cannot all be written to stdout (issue 26): /dev/full, a file size limit. The
// command has failed, so it exits 1 with one line, never exit 0 or a stack trace.

const INVOICE = fileURLToPath(new URL('../../samples/invoices/nordlys-2026-10.json', import.meta.url));
const server = useReferenceServer();
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-stdout-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** `svc argv` with stdout on an open file descriptor (a redirect, as a shell makes it). */
function withStdoutOn(fd: number, argv: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...argv], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1', ...env }, stdio: ['ignore', fd, 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe.runIf(process.platform === 'linux')('stdout on /dev/full', () => {
  for (const [what, argv, env] of [
    ['invoices render -o -', ['invoices', 'render', INVOICE, '-o', '-'], {}],
    ['invoices list', ['invoices', 'list'], {}],
  ] as const) {
    it(`${what}: exit 1, one line, no stack trace`, async () => {
      const fd = openSync('/dev/full', 'w');
      try {
        const r = await withStdoutOn(fd, [...argv], { ...env, SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });
        expect(r.code).toBe(1);
        expect(r.stderr).toBe('svc: could not write all of the output to stdout (ENOSPC: no space left on the device); what was written is incomplete\n');
      } finally {
        closeSync(fd);
      }
    });
  }
});

describe.runIf(process.platform === 'linux')('stdout into a file under a file size limit (ulimit -f)', () => {
  it('exits 1 with one line instead of leaving a cut PDF and exit 0', async () => {
    // The whole PDF only gives its size (the output is deterministic): rendered in this process.
    const whole = await svcInProcess(['invoices', 'render', INVOICE, '-o', join(dir, 'whole.pdf')]);
    expect(whole.code).toBe(0);
    const size = statSync(join(dir, 'whole.pdf')).size;
    expect(size).toBeGreaterThan(16 * 1024);
    // 16 blocks of 1024 bytes (bash's unit for -f): less than the PDF.
    const cut = join(dir, 'cut.pdf');
    const sh = `ulimit -f 16; exec '${process.execPath}' '${BIN}' invoices render '${INVOICE}' -o - > '${cut}'`;
    const child = spawn('bash', ['-c', sh], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise((resolve) => child.on('close', (c, signal) => resolve(c ?? signal)));
    expect(code).toBe(1);
    expect(stderr).toBe('svc: could not write all of the output to stdout (EFBIG: the file size limit was reached); what was written is incomplete\n');
    expect(statSync(cut).size).toBeLessThan(size);
  });
});

// A reader that closes the pipe early (`svc invoices list | head -1`) took what it wanted: svc
// exits quietly with 141 (128 + SIGPIPE), as git and coreutils do there, never with a stack trace.
describe('stdout into a pipe whose reader is gone (EPIPE)', () => {
  /** `svc argv` with stdout a pipe whose read end is closed before svc writes anything. */
  function withReaderGone(argv: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [BIN, ...argv], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    // Our end is the only read end: closing it now makes svc's first write to stdout fail with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  }

  for (const [what, argv] of [
    ['invoices list', ['invoices', 'list']],
    ['invoices render -o - (a PDF)', ['invoices', 'render', INVOICE, '-o', '-']],
    ['report keys --csv', ['report', 'keys', '--month', '2026-10', '--csv']],
  ] as const) {
    it(`${what}: exit 141, nothing on stderr`, async () => {
      const r = await withReaderGone([...argv], { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(141);
    });
  }

  it('in a shell pipeline: `svc invoices list | true` leaves PIPESTATUS 141 and stderr empty', async () => {
    // `true` exits without reading; svc starts, fetches, then writes into the closed pipe.
    const sh = `'${process.execPath}' '${BIN}' invoices list | true; echo "status \${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', sh], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1', SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(out).toBe('status 141\n');
  });
});
