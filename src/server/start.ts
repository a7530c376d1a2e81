import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { BUNDLED_SAMPLES_DIR } from './_bundled.js';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { ReferenceServer, ReferenceServerOptions } from './options.js';
import { Dataset } from './dataset/dataset.js';
import { HttpError } from './http-error.js';
import { send, sendError } from './_http.js';
import { EDGE_REJECTION_BODY, isRejectedUserAgent } from './_edge.js';
import { FaultInjector } from './_faults.js';
import { routes } from './_routes.js';
import { serviceDateHeader } from './_service-date.js';
import { checkQuery } from './_query-params.js';
import { RateLimiter } from './gateway/rate-limiter.js';


/**
 * Starts the reference server: the reporting API and the gateway over a dataset folder, on one
 * port. Every figure is computed from the dataset's raw records on each request.
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const ds = await openDataset(options.dataDir ?? BUNDLED_SAMPLES_DIR, options.today);
  const faults = new FaultInjector(options.faults ?? []);
  const limiter = new RateLimiter();
  const server = createServer((req, res) => {
    handle(ds, faults, limiter, req, res).catch((e) => {
      if (!res.headersSent) sendError(res, new HttpError(500, 'internal', `internal error: ${(e as Error).message}`));
      else res.destroy();
    });
  });
  // Above undici's 2 s safety margin, so clients reuse connections instead of reconnecting per request;
  // close() still ends idle sockets at once (Node >= 19 closes idle connections on close).
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    today: ds.todayText,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The bundled samples are parsed once per process and shared by every server started over them
 * while their files are unchanged (a test process or an embedder starts dozens; each parse cost
 * ~0.1 s of CPU); they are small, so holding them for the process's life costs little. Any other
 * folder is read for its server alone: it may be large, and is read again at each start.
 */
function openDataset(dir: string, today: string | undefined): Promise<Dataset> {
  return resolve(dir) === resolve(BUNDLED_SAMPLES_DIR) ? Dataset.openShared(dir, today) : Dataset.open(dir, today);
}

/**
 * `path` with percent-encoded unreserved characters (letters, digits, `-`, `.`, `_`, `~`)
 * decoded: RFC 3986 §2.3 makes `/invoices/%36f1c…` and `/invoices/6f1c…` the same URI, so
 * both reach the same route. Other escapes (`%2F`) stay as they are, so no path is split anew.
 */
function withUnreservedDecoded(path: string): string {
  return path.includes('%') ? path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escape;
  }) : path;
}

/**
 * The path of a request target as sent (origin-form, or the path of an absolute-form target),
 * and whether it is one no path of the spec takes: a backslash, an empty segment, or a dot
 * segment, also percent-encoded. WHATWG URL parsing makes `\` a `/`, resolves `..` and reads
 * `//api/…` as a host, so `GET /api\orgs\…` reached a real endpoint; a strict server does not
 * guess (an outside review of the reference server).
 */
function oddTarget(target: string): string | undefined {
  const path = (target.startsWith('/') ? target : target.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '')).split('?')[0] || '/';
  return path.includes('\\') || path.includes('//') || /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path) ? path : undefined;
}

async function handle(ds: Dataset, faults: FaultInjector, limiter: RateLimiter, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const odd = oddTarget(req.url ?? '/');
  const url = new URL(odd === undefined ? (req.url ?? '/') : '/', 'http://localhost');
  res.setHeader('date', serviceDateHeader(ds.today));
  if (isRejectedUserAgent(req.headers['user-agent'])) {
    send(res, { kind: 'raw', status: 403, contentType: 'text/plain; charset=utf-8', body: EDGE_REJECTION_BODY });
    return;
  }
  const fault = faults.take(url.pathname);
  if (fault) {
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
    sendError(res, new HttpError(fault.status, 'injected_fault', `injected fault: status ${fault.status}`, headers), req);
    return;
  }
  try {
    if (odd !== undefined) throw new HttpError(404, 'not_found', `no endpoint ${odd.slice(0, 200)}`);
    const path = withUnreservedDecoded(url.pathname);
    const matching = routes.filter((r) => r.pattern.test(path));
    // HEAD answers wherever GET does, with GET's status and headers and no body (RFC 9110 §9.3.2).
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = matching.find((r) => r.method === method);
    if (!route) {
      // Two routes may share a path (the uuid route and its catch-all): each method once.
      const allow = [...new Set(matching.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))];
      if (matching.length) throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}`, { allow: allow.join(', ') });
      throw new HttpError(404, 'not_found', `no endpoint ${url.pathname}`);
    }
    const params = route.pattern.exec(path)!.slice(1).filter((p): p is string => p !== undefined);
    const context = { ds, req, query: url.searchParams, params, limiter };
    // Who asks first (401, 403), then what was asked (400): see Route.
    const caller = await route.authorize(context);
    checkQuery(url.searchParams, route.method, route.openapi);
    send(res, await route.handle(context, caller));
  } catch (e) {
    if (e instanceof HttpError) sendError(res, e, req);
    else throw e;
  }
}
