// An outside review of the reference server against the contract (2026-12-07), with requests
// sent raw over TCP as a client under test may send them: request targets WHATWG URL parsing
// "repairs" (a backslash, `//`, `..`) reached real endpoints; an organization id that does not
// decode was a 404 before the token was looked at; two Authorization headers used the first;
// a compressed search body was read as JSON; the OpenAPI document left out the search's 415.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEYS, tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const UA = 'strict-targets-test/1.0';

/** One HTTP/1.1 request written as given (`head` lines after the request line), the answer's status and body. */
function raw(target: string, head: string[] = [], method = 'GET', body = ''): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, `User-Agent: ${UA}`, 'Connection: close', ...head];
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
const auth = (org = 'org-nordlys') => [`Authorization: Bearer ${tokenOf(org)}`];

describe('a request target no path of the spec takes is 404, never a repaired path', () => {
  it.each([
    '/api\\orgs\\org-nordlys\\invoices',
    '/api/orgs/org-nordlys\\invoices',
    '//api/orgs/org-nordlys/invoices',
    '/api//orgs/org-nordlys/invoices',
    '/api/orgs/org-nordlys/../org-nordlys/invoices',
    '/api/orgs/org-nordlys/%2e%2e/org-nordlys/invoices',
    '/api/orgs/org-nordlys/%2E/invoices',
    '/api/orgs/./org-nordlys/invoices',
  ])('%s', async (target) => {
    const r = await raw(target, auth());
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body)).toEqual({ error: 'not_found', message: expect.stringContaining('no endpoint /') });
    expect(r.body).not.toContain('invoice_number');
  });

  it('the same path written plainly answers 200, in origin-form and absolute-form', async () => {
    expect((await raw('/api/orgs/org-nordlys/invoices', auth())).status).toBe(200);
    expect((await raw(`${s.url}/api/orgs/org-nordlys/invoices`, auth())).status).toBe(200);
  });
});

describe('an organization id that does not decode', () => {
  it.each(['invoices', 'key-usage', 'monthly-usage', 'plan-cost'])('/api/orgs/%%FF/%s: 401 without a good token, 403 with one', async (endpoint) => {
    expect((await raw(`/api/orgs/%FF/${endpoint}`)).status).toBe(401);
    expect((await raw(`/api/orgs/%FF/${endpoint}`, ['Authorization: Bearer nope'])).status).toBe(401);
    const r = await raw(`/api/orgs/%FF/${endpoint}`, auth());
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).message).toMatch(/another organization/);
  });
});

describe('two Authorization headers are one too many, whichever comes first', () => {
  it.each([[['org-nordlys', 'org-fjordline']], [['org-fjordline', 'org-nordlys']]])('%j: 400', async (orgs) => {
    const r = await raw('/api/orgs/org-nordlys/invoices', orgs.map((o) => `Authorization: Bearer ${tokenOf(o)}`));
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).message).toBe('more than one Authorization header');
  });
});

describe('the search takes an uncompressed JSON body only', () => {
  const search = (head: string[]) => raw('/v1/search/service-search', [`Authorization: Bearer ${KEYS.limited}`, 'Content-Type: application/json', ...head], 'POST', JSON.stringify({ query: 'moms' }));

  it('a Content-Encoding is 415, naming it; without one the same body is searched', async () => {
    const r = await search(['Content-Encoding: gzip']);
    expect(r.status).toBe(415);
    expect(JSON.parse(r.body)).toEqual({ error: 'unsupported_media_type', message: 'the body must not be sent with a Content-Encoding (got "gzip")' });
    expect((await search([])).status).toBe(200);
    expect((await search(['Content-Encoding: identity'])).status).toBe(200);
  });

  it('the OpenAPI document lists the 415 the search answers', async () => {
    const doc = JSON.parse((await raw('/api/openapi.json')).body);
    expect(Object.keys(doc.paths['/v1/search/service-search'].post.responses)).toContain('415');
    // A language the server takes in any case is written so in the schema's pattern.
    expect(doc.components.schemas.SearchRequest.properties.language.pattern).toBe('^[a-zA-Z]{2}$');
  });
});
