import { request } from 'undici';

export const UA = 'svc-tests/1.0 (vitest)';

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  bytes: Uint8Array;
  json: any;
}

/**
 * One request over real loopback HTTP with an explicit User-Agent (undefined token: no
 * Authorization). A body goes as `application/json` unless `contentType` says otherwise (null: no
 * Content-Type header at all).
 */
export async function call(
  base: string,
  path: string,
  opts: { token?: string | undefined; method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; ua?: string | null; contentType?: string | null } = {},
): Promise<Res> {
  const headers: Record<string, string> = {};
  if (opts.ua !== null) headers['user-agent'] = opts.ua ?? UA;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const contentType = opts.contentType === undefined ? 'application/json' : opts.contentType;
  if (opts.body !== undefined && contentType !== null) headers['content-type'] = contentType;
  const r = await request(base + path, {
    method: opts.method ?? 'GET',
    headers,
    ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
  });
  const bytes = new Uint8Array(await r.body.arrayBuffer());
  const text = Buffer.from(bytes).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.statusCode, headers: r.headers, text, bytes, json };
}
