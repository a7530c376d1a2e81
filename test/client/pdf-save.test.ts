import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { ConnectionError, ResponseSchemaError } from '../../src/client/errors/index.js';
import { startFakeServer, type FakeServer } from './_fake-server.js';

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(url: string): ReportingClient {
  return new ReportingClient({ baseUrl: url, orgId: 'org-x', token: 'rt_x_secret', env: {}, maxRetries: 0 });
}

function folderWithOldFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-save-'));
  writeFileSync(join(dir, 'inv.pdf'), 'old');
  return dir;
}

describe('saveInvoicePdf: whole or not at all', () => {
  it('a body cut off mid-stream leaves the old file and no temp file', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '100000' });
      res.write('%PDF-1.7\n' + 'x'.repeat(20_000));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const dir = folderWithOldFile();
    const e = await client(server.url).saveInvoicePdf(ID, join(dir, 'inv.pdf')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConnectionError);
    expect(readFileSync(join(dir, 'inv.pdf'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['inv.pdf']);
  });

  it('a body that is not a PDF is refused, as bytes and as a file', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('<html>login page</html>');
    });
    const dir = folderWithOldFile();
    const e = await client(server.url).saveInvoicePdf(ID, join(dir, 'inv.pdf')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ResponseSchemaError);
    expect((e as Error).message).toContain('not a PDF');
    expect(readFileSync(join(dir, 'inv.pdf'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['inv.pdf']);
    await expect(client(server.url).getInvoicePdf(ID)).rejects.toBeInstanceOf(ResponseSchemaError);
  });

  it('refuses an invoice id that is not a uuid before any request', async () => {
    server = await startFakeServer((_r, res) => res.end());
    await expect(client(server.url).getInvoice('../../etc/passwd')).rejects.toThrow(/invoice id: must be a uuid/);
    expect(server.seen).toHaveLength(0);
  });
});
