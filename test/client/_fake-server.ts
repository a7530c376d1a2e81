import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';

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
 * `intercept`, when it returns true, has answered the request (its 0-based number `n`) itself.
 */
export function startRewritingProxy(
  target: string,
  rewrite: (req: SeenRequest, body: Buffer, contentType: string) => Buffer | string,
  intercept?: (req: SeenRequest, res: ServerResponse, n: number) => boolean,
): Promise<FakeServer> {
  return startFakeServer((req, res, n) => {
    if (intercept?.(req, res, n)) return;
    const headers = { authorization: String(req.headers.authorization ?? ''), accept: String(req.headers.accept ?? '*/*'), 'user-agent': String(req.headers['user-agent'] ?? 'svc-test') };
    void fetch(`${target}${req.url}`, { headers }).then(async (r) => {
      const type = r.headers.get('content-type') ?? 'application/json';
      const body = rewrite(req, Buffer.from(await r.arrayBuffer()), type);
      res.writeHead(r.status, { 'content-type': type });
      res.end(body);
    });
  });
}

/**
 * A server that answers every request 200 with the body `body()` gives in pieces, each written and
 * flushed, a tick and 2 ms apart, so they arrive as chunks of their own; with `cut` the connection
 * is dropped after the last piece instead of the answer ending.
 */
export function startChunkedServer(body: () => { pieces: Buffer[]; cut?: boolean }, contentType = 'application/json'): Promise<FakeServer> {
  return startFakeServer((_req, res) => {
    const { pieces, cut } = body();
    void (async () => {
      res.socket?.setNoDelay(true);
      res.writeHead(200, { 'content-type': contentType });
      for (const piece of pieces) {
        res.write(piece);
        await tick();
        await new Promise((r) => setTimeout(r, 2));
      }
      if (cut) res.socket?.destroy();
      else res.end();
    })();
  });
}

/** Real answers of the reference server at `url` for `orgId`, for a test to serve changed: key usage of October 2026, monthly usage, the first invoice. */
export async function realAnswers(url: string, orgId: string, token: string): Promise<{ keyUsage: Record<string, unknown>; monthly: Record<string, unknown>; invoice: Record<string, unknown> }> {
  const real = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}`, 'user-agent': 'svc-test' } });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const keyUsage = await real(`/api/orgs/${orgId}/key-usage?month=2026-10`);
  const monthly = await real(`/api/orgs/${orgId}/monthly-usage`);
  const list = (await real(`/api/orgs/${orgId}/invoices`)) as unknown as Array<{ id: string }>;
  return { keyUsage, monthly, invoice: await real(`/api/orgs/${orgId}/invoices/${list[0]!.id}`) };
}

/** A fake server answering each path (the URL before `?`) by its entry in `answers`, 404 where it has none. */
export function startAnsweringServer(answers: ReadonlyMap<string, (res: ServerResponse) => void>): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    const answer = answers.get(req.url.split('?')[0]!);
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
}
