// What an error says of the service's own words, over real loopback HTTP: a 409's words (which
// invoice cannot be printed) follow the client's sentence only when a JSON body said them, never
// a proxy's HTML page nor the sentence once more; and a token the service echoes split by an
// invisible character (a zero-width space, a NUL, a soft hyphen) never comes out whole, neither
// in the message nor in the body the error keeps (an outside review found the message did).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportingClient, SetupNeedsAttentionError, BadRequestError, type ApiError } from '../../src/client/index.js';
import { startFakeServer, type FakeServer } from './_fake-server.js';

const ORG = 'org-words';
const TOKEN = 'rt_words_5f2c8e1a9b7d4c3e';
const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const FAST = { maxRetries: 0 };
let answer: { status: number; type: string; body: string };
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
});
afterAll(() => fake.close());

async function errorOf(status: number, body: string, type = 'application/json'): Promise<ApiError> {
  answer = { status, type, body };
  const client = new ReportingClient({ baseUrl: fake.url, token: TOKEN, orgId: ORG, env: {}, ...FAST });
  return client.getInvoicePdf(ID).then(
    () => expect.fail('no error'),
    (e: ApiError) => e,
  );
}

const SETUP = "the organization's setup needs attention on the service's side";

/** `text` without JSON's \u escapes and the invisible characters these tests split the token with. */
function withoutInvisible(text: string): string {
  const invisible = (c: string) => c.charCodeAt(0) < 0x20 || c === '\u00ad' || c === '\u200b' || c === '\u202e';
  return [...text.replace(/\\u[0-9a-fA-F]{4}/g, '')].filter((c) => !invisible(c)).join('');
}

describe("a 409's words", () => {
  it("follow the sentence when a JSON body's message says more", async () => {
    const e = await errorOf(409, JSON.stringify({ error: 'needs_attention', message: 'invoice 2026-0142 cannot be printed as stored: buyer.legal_name: …' }));
    expect(e).toBeInstanceOf(SetupNeedsAttentionError);
    expect(e.message).toBe(`${SETUP}: the service says: invoice 2026-0142 cannot be printed as stored: buyer.legal_name: …`);
  });

  it('are left out when they are the sentence itself, in any case or with a full stop, or only a code', async () => {
    for (const message of [SETUP, "The organization's setup needs attention on the service's side.", '  ']) {
      expect((await errorOf(409, JSON.stringify({ error: 'needs_attention', message }))).message).toBe(SETUP);
    }
    expect((await errorOf(409, JSON.stringify({ error: 'needs_attention' }))).message).toBe(SETUP);
  });

  it("are left out when the body is a proxy's page, not the service's JSON", async () => {
    const page = '<html><head><title>409 Conflict</title></head><body><center><h1>409 Conflict</h1></center><hr><center>nginx</center></body></html>';
    const e = await errorOf(409, page, 'text/html');
    expect(e.message).toBe(SETUP);
    // The page is still kept on the error for whoever reads it.
    expect(e.body).toContain('409 Conflict');
  });
});

describe('a token the service echoes split by an invisible character', () => {
  for (const [name, mark] of [['zero-width space', '\u200b'], ['NUL', '\u0000'], ['soft hyphen', '\u00ad'], ['right-to-left override', '\u202e']] as const) {
    it(`(${name}) never comes out whole, in a 409 or a 400`, async () => {
      const split = `${TOKEN.slice(0, 12)}${mark}${TOKEN.slice(12)}`;
      for (const status of [409, 400]) {
        const e = await errorOf(status, JSON.stringify({ error: 'x', message: `your token ${split} here` }));
        expect(e).toBeInstanceOf(status === 409 ? SetupNeedsAttentionError : BadRequestError);
        const seen = [e.message, e.body ?? '', JSON.stringify(e)];
        for (const text of seen) {
          // Whole, or whole once the invisible characters (and their escaped forms) are taken out.
          expect(text).not.toContain(TOKEN);
          expect(withoutInvisible(text)).not.toContain(TOKEN);
        }
        // Each half (12 characters and more) is itself a piece of the token (FRAGMENT_LENGTH), so
        // each is masked where it lies, before the invisible character between them goes.
        expect(e.message).toContain('your token ****** here');
      }
    });
  }
});

describe('a token the service echoes with JSON escapes', () => {
  it('(\\/ between pieces shorter than a fragment) never stays whole in the body the error keeps', async () => {
    // A base64 token with a slash every 8 characters: each piece between the escapes is under 12
    // characters, so only the decoded text holds a run of the token (the second outside review).
    const token = 'rt_Zm9vYmF/yYmF6cXV/4Y29yZGV/mZ2hpams';
    answer = { status: 400, type: 'application/json', body: `{"error":"bad_request","message":"token ${token.replace(/\//g, '\\/')} not valid here"}` };
    const client = new ReportingClient({ baseUrl: fake.url, token, orgId: ORG, env: {}, ...FAST });
    const e = await client.getInvoicePdf(ID).then(() => expect.fail('no error'), (x: ApiError) => x);
    for (const text of [e.message, e.body ?? '', JSON.stringify(e)]) {
      expect(text.replace(/\\\//g, '/')).not.toContain(token.slice(3, 15));
    }
    expect(e.body).toContain('token *** not valid here');
  });
});

describe('a long message', () => {
  it('is cut without halving a surrogate pair', async () => {
    const e = await errorOf(409, JSON.stringify({ error: 'x', message: `${'x'.repeat(296)}${'𝒳'.repeat(10)}` }));
    const said = e.message.slice(e.message.indexOf('the service says: ') + 'the service says: '.length);
    expect(said.endsWith('...')).toBe(true);
    expect(said.length).toBeLessThanOrEqual(300);
    expect(said).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
