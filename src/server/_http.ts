import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-error.js';

/** What a handler answers: a JSON value, or raw bytes with a content type. */
export type Reply =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status?: number; contentType: string; body: Uint8Array | string; headers?: Record<string, string> };

export function json(body: unknown, status = 200): Reply {
  return { kind: 'json', status, body };
}

export function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}): void {
  const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.body;
  const type = reply.kind === 'json' ? 'application/json; charset=utf-8' : reply.contentType;
  res.writeHead(reply.status ?? 200, {
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    ...reply.headers,
    ...headers,
  });
  // A HEAD request gets the same status and headers, content-length included; Node sends no body for it.
  res.end(body);
}

/**
 * The error as `{"error": code, "message": message}` (README Assumptions). Every 401 says how to
 * authenticate (RFC 9110 §11.6.1, RFC 6750 §3): `WWW-Authenticate: Bearer`, with
 * `error="invalid_token"` when a credential was sent and refused.
 */
export function sendError(res: ServerResponse, err: HttpError, req?: IncomingMessage): void {
  const challenge: Record<string, string> = err.status === 401 ? { 'www-authenticate': req && bearer(req) ? 'Bearer error="invalid_token"' : 'Bearer' } : {};
  send(res, json({ error: err.code, message: err.message }, err.status), { ...challenge, ...err.headers });
}

const MAX_BODY = 64 * 1024;

/** Reads a small request body (search requests); 413 past 64 KiB. */
export async function readBody(req: IncomingMessage): Promise<string> {
  // A compressed body would be read as garbage JSON (a 400 that misleads): refused for what it is.
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new HttpError(415, 'unsupported_media_type', `the body must not be sent with a Content-Encoding (got ${JSON.stringify(encoding.slice(0, 40))})`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'body_too_large', 'request body is larger than 64 KiB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The bearer token of the request, or undefined. */
export function bearer(req: IncomingMessage): string | undefined {
  // Node keeps the first of two Authorization headers and drops the rest, so which token counted
  // would depend on their order: a request with two is malformed (RFC 9110 §5.3, not a list).
  let seen = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'authorization') seen++;
  if (seen > 1) throw new HttpError(400, 'invalid_request', 'more than one Authorization header');
  const h = req.headers.authorization;
  const m = h ? /^Bearer\s+(\S+)\s*$/i.exec(h) : null;
  return m?.[1];
}
