import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeServer {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A tiny loopback HTTP server whose answers a test scripts: `handle` gets each request and
 * its 0-based number. For pipeline behaviour (retries, timeouts, odd bodies) that the
 * reference server does not produce on demand.
 */
export async function startFakeServer(
  handle: (req: SeenRequest, res: ServerResponse, n: number) => void,
): Promise<FakeServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(r);
      handle(r, res, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A server in front of `target` (the reference server) that passes every request on and
 * `rewrite`s the answer's bytes before they go back: for a fault in one field of a real answer.
 */
export function startRewritingProxy(
  target: string,
  rewrite: (req: SeenRequest, body: Buffer, contentType: string) => Buffer | string,
): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    const headers = { authorization: String(req.headers.authorization ?? ''), accept: String(req.headers.accept ?? '*/*'), 'user-agent': String(req.headers['user-agent'] ?? 'svc-test') };
    void fetch(`${target}${req.url}`, { headers }).then(async (r) => {
      const type = r.headers.get('content-type') ?? 'application/json';
      const body = rewrite(req, Buffer.from(await r.arrayBuffer()), type);
      res.writeHead(r.status, { 'content-type': type });
      res.end(body);
    });
  });
}
