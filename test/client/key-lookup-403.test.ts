// A 403 on the key lookup means what the gateway spec §4 says ("key belongs to no organization"),
// whatever the body holds, found by an outside audit: a bare HTML page or an unknown error code
// was printed as it came, with neither meaning nor status. Over real loopback HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { GatewayClient } from '../../src/client/gateway-client.js';
import { PermissionDeniedError } from '../../src/client/errors/index.js';
import { FAST } from '../_harness/index.js';
import { startAnsweringServer, type FakeServer } from './_fake-server.js';

const API_KEY = 'sk-test-0000111122223333';
let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const answering = (contentType: string, body: string) => (res: ServerResponse) => res.writeHead(403, { 'content-type': contentType }).end(body);

describe('GET /v1/service/key answered 403', () => {
  it.each([
    ['an HTML page', 'text/html', '<html>Forbidden</html>'],
    ['an unknown code', 'application/json', '{"error":"forbidden","message":"ip blocked"}'],
    ['no body', 'text/plain', ''],
    ["a text another endpoint's 403 would be read by", 'text/plain', 'usage is not shared with this organization'],
    ["a code another endpoint's 403 would be read by", 'application/json', '{"error":"other_organization","message":"this token belongs to another organization"}'],
  ])('%s: the spec meaning and the status, for the record and for --json', async (_what, contentType, body) => {
    fake = await startAnsweringServer(new Map([['/v1/service/key', answering(contentType, body)]]));
    const client = new GatewayClient({ gatewayUrl: fake.url, apiKey: API_KEY, env: {}, ...FAST });
    for (const call of [() => client.getKeyFields(), () => client.getKeyFieldsJson()]) {
      const e = await call().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PermissionDeniedError);
      expect((e as Error).message).toMatch(/^the API key belongs to no organization \(the gateway refused the key lookup with HTTP 403\)/);
      expect((e as Error).message).not.toContain('<html>');
      expect((e as PermissionDeniedError).hint).toBeUndefined();
    }
  });
});
