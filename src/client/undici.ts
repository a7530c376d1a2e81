import { createRequire } from 'node:module';
import type { Agent as AgentType, Dispatcher } from 'undici';

/*
 * The parts of undici this package uses (Agent, the global dispatcher, `request`), loaded from
 * undici's own files rather than its index. The index requires every dispatcher, mock, cache
 * store and interceptor it exports; loading it took ~0.28 s of CPU against ~0.10 s for these
 * files (node 20, undici 7.30, `node -e "require(...)"` best of three), in every `svc` process
 * that talks HTTP. The paths are undici's internal layout: package.json pins undici to ~7.30 so
 * they cannot move under us, and test/client/undici.test.ts fails if they do.
 * `request` is undici's own `request` (index.js `makeDispatcher(api.request)`) without the
 * `opts.path` form, which nothing here uses.
 */
const load = createRequire(import.meta.url);
const util = load('undici/lib/core/util') as { parseURL(url: string | URL): URL };
const api = load('undici/lib/api') as { request: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData> };
const globalDispatcher = load('undici/lib/global') as { getGlobalDispatcher(): Dispatcher };

/** undici's Agent (the connection pool of a run). */
export const Agent = load('undici/lib/dispatcher/agent') as typeof AgentType;

/** Options of `request`: undici's, with the dispatcher optional (the global one when omitted). */
export type UndiciRequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { method?: Dispatcher.HttpMethod; dispatcher?: Dispatcher };

/** undici's `request(url, opts)`: one HTTP request on `opts.dispatcher`, else on the global dispatcher. */
export function request(url: string | URL, opts: UndiciRequestOptions = {}): Promise<Dispatcher.ResponseData> {
  const target = util.parseURL(url);
  const dispatcher = opts.dispatcher ?? globalDispatcher.getGlobalDispatcher();
  return api.request.call(dispatcher, {
    ...opts,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: opts.method || (opts.body ? 'PUT' : 'GET'),
  });
}
