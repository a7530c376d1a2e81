// src/client/undici.ts loads undici's Agent and `request` from undici's own files instead of its
// index (a lighter start for every svc that talks HTTP). What it hands out is undici's: the same
// Agent class, requests that reach the server with their path, query, method and body, on the
// dispatcher given or else the global one a library user may have set; and an svc process that
// makes requests never loads undici's index.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from '../../src/client/undici.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const undici = createRequire(import.meta.url)('undici') as typeof import('undici');

const seen: Array<{ method: string; url: string; body: string }> = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, body });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('undici as this package loads it', () => {
  it('Agent is undici\'s own Agent class', () => {
    expect(Agent).toBe(undici.Agent);
  });

  it('request sends path, query, method and body as undici\'s request does', async () => {
    const agent = new Agent();
    try {
      seen.length = 0;
      const get = await request(new URL(`${base}/v1/invoices?status=issued&page=2`), { dispatcher: agent });
      expect(get.statusCode).toBe(200);
      expect(await get.body.json()).toEqual({ ok: true });
      const put = await request(`${base}/x`, { dispatcher: agent, body: '{"a":1}' });
      await put.body.dump();
      const post = await request(`${base}/y`, { dispatcher: agent, method: 'POST', body: 'b' });
      await post.body.dump();
      expect(seen).toEqual([
        { method: 'GET', url: '/v1/invoices?status=issued&page=2', body: '' },
        { method: 'PUT', url: '/x', body: '{"a":1}' },
        { method: 'POST', url: '/y', body: 'b' },
      ]);
    } finally {
      await agent.close();
    }
  });

  it('without a dispatcher, request goes through the global dispatcher a user set with undici\'s setGlobalDispatcher', async () => {
    const before = undici.getGlobalDispatcher();
    const agent = new undici.Agent();
    const through: string[] = [];
    undici.setGlobalDispatcher(agent.compose((dispatch) => (opts, handler) => (through.push(String(opts.path)), dispatch(opts, handler))));
    try {
      const res = await request(`${base}/global`);
      await res.body.dump();
      expect(through).toEqual(['/global']);
    } finally {
      undici.setGlobalDispatcher(before);
      await agent.close();
    }
  });

  it('an invalid URL is refused by undici\'s own check', () => {
    expect(() => request('ftp://127.0.0.1/x')).toThrow(/http:|https:/);
  });

  it('a client request and a month-end\'s Agent load undici\'s files, never its index', async () => {
    // A worker thread has a module cache of its own: what the built code loads, nothing this file did.
    const code = `
      const { createRequire } = require('node:module');
      const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const { ReportingClient } = await import(workerData.root + 'dist/client/index.js');
        const { createDefaultDeps } = await import(workerData.root + 'dist/runner/unit/default-deps.js');
        const { fetchLatestVersion } = await import(workerData.root + 'dist/cli/update/_registry.js');
        const run = createDefaultDeps();
        const client = new ReportingClient({ baseUrl: workerData.base, token: 't', orgId: 'org-x', env: {}, maxRetries: 0 });
        const answered = await client.listInvoices().then(() => 'ok', (e) => e.constructor.name);
        const latest = await fetchLatestVersion({ npm_config_registry: workerData.base }, 5000).then(() => 'ok', (e) => e.constructor.name);
        await run.close();
        const loaded = Object.keys(createRequire(workerData.root).cache).filter((p) => p.includes('/node_modules/undici/'));
        parentPort.postMessage({ answered, latest, loaded });
      })().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));`;
    seen.length = 0;
    const result = await new Promise<{ error?: string; answered: string; latest: string; loaded: string[] }>((resolve, reject) => {
      const w = new Worker(code, { eval: true, workerData: { root: ROOT, base } });
      w.once('message', (m) => void w.terminate().then(() => resolve(m)));
      w.once('error', reject);
    });
    expect(result.error).toBeUndefined();
    // Both requests reached this server (what it answers is not a valid list or record: the point is the trip).
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(result.loaded.some((p) => p.endsWith('/undici/lib/dispatcher/agent.js'))).toBe(true);
    expect(result.loaded.filter((p) => p.endsWith('/node_modules/undici/index.js'))).toEqual([]);
  });
});
