// Operator review: an answer whose body is cut off halfway was reached, so its message must not
// send a person to check the URL. The client says "the answer from … broke off" (ConnectionError
// with afterAnswer); the key commands wrapped every ConnectionError in their own "check
// SVC_GATEWAY_URL and the network" hint, the broken-off answer too. A server here answers 200
// with a Content-Length of 2,000 and sends 1,000 bytes before it closes; the built svc runs it.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedPort, svcBin, svcInProcess } from '../_harness/index.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-broke-off-'));
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2000\r\n\r\n{"data":[${' '.repeat(991)}`, () => socket.end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ENV = () => ({ SVC_GATEWAY_URL: url, SVC_API_KEY: 'sk-test-0123456789abcdef', SVC_BASE_URL: url, SVC_ORG_ID: 'org-test', SVC_REPORTING_TOKEN: 'tok-test-12345678' });
const BROKE_OFF = () => new RegExp(`^svc: (the key in use could not be checked: )?the answer from ${url.replace(/\./g, '\\.')} broke off before it was complete \\(UND_ERR_SOCKET\\) \\(try again; if it keeps happening, the service or a proxy is cutting answers short\\)\n$`);

describe('an answer cut off halfway is said as that, with what to do about it', () => {
  it.each([['models'], ['usage'], ['auth', 'status'], ['auth', 'fields'], ['auth', 'login', '--with-token']].map((a) => [a.join(' '), a] as const))('svc %s (a key command)', async (_label, argv) => {
    // auth login checks the key it reads (not SVC_API_KEY, which would win over any key it saves).
    const env = argv[1] === 'login' ? { ...ENV(), SVC_API_KEY: undefined } : ENV();
    const r = await svcInProcess([...argv], { ...env, SVC_CONFIG_DIR: join(dir, 'cfg') }, { stdin: 'sk-login-0123456789abcdef\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(BROKE_OFF());
    expect(r.stdout + r.stderr).not.toContain('check SVC_GATEWAY_URL');
    expect(r.stdout + r.stderr).not.toContain('could not reach');
  });

  it('svc models through the real bin; and svc invoices list, a reporting command, says the same', async () => {
    for (const argv of [['models'], ['invoices', 'list']]) {
      const r = await svcBin(argv, ENV());
      expect([r.code, r.stderr]).toEqual([1, expect.stringMatching(BROKE_OFF())]);
    }
  });

  it('a gateway not reached at all still names where its URL came from', async () => {
    const port = await refusedPort();
    const r = await svcInProcess(['models'], { ...ENV(), SVC_GATEWAY_URL: `http://127.0.0.1:${port}` });
    expect([r.code, r.stderr]).toEqual([1, `svc: could not reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED) (check SVC_GATEWAY_URL and the network)\n`]);
  });
});
