import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { configFor, copySamples, envVar, readTokens, samplesWithNordlysToken, svcInProcess, type SampleTokens } from '../_harness/index.js';
import { startFakeServer, startRewritingProxy, type FakeServer } from '../client/_fake-server.js';

// An outside audit (2026-12-07): when the service's answers to an organization hold that
// organization's own reporting token (a key named with it, an invoice's payment reference set to
// it), the run made its invoice JSON, PDF, e-invoice and workbook from them, token and all, and
// exited 0. A copy of the samples where both of Nordlys's answers carry its token, served over
// real HTTP by the reference server, the month end through the built svc: Nordlys fails by name,
// no file of the month holds the token, the other organizations are made as before.
// The clients now refuse such an answer themselves (CredentialInResponseError): each part fails on
// its own answer, which the unit says in its words (the config's variable, TokenInAnswerError).
// The unit's guard still stops what its later answers would make once any answer held the token:
// the second case, an error answer echoing it, which the client masks and retries past.

let tmp: string;
let server: ReferenceServer;
let clean: ReferenceServer;
/** In front of `clean`: Nordlys's first invoice-list request gets a 503 whose body echoes its token; the client retries. */
let echoing: FakeServer;
let tokens: SampleTokens;
let token: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-token-answer-'));
  const samples = await copySamples(join(tmp, 'samples'));
  tokens = await readTokens(samples);
  token = tokens.orgs.find((o) => o.org_id === 'org-nordlys')!.token;
  server = await startReferenceServer({ dataDir: await samplesWithNordlysToken(join(tmp, 'data')) });
  clean = await startReferenceServer({ dataDir: samples });
  let echoed = false;
  echoing = await startRewritingProxy(clean.url, (_req, body) => body, (req, res) => {
    if (echoed || req.url.split('?')[0] !== '/api/orgs/org-nordlys/invoices') return false;
    echoed = true;
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
    res.end(JSON.stringify({ error: 'unavailable', message: `busy; token ${token} queued` }));
    return true;
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await echoing?.close();
  await clean?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** The month end of October through the built svc against `url`, into `out`. */
async function monthEnd(url: string, out: string, extra: string[] = []) {
  const { config, env } = configFor(url, tokens);
  const configPath = join(tmp, `runs-${out}.json`);
  await writeFile(configPath, JSON.stringify(config));
  const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', configPath, '--out', join(tmp, out), '--language', 'en', ...extra], env, { cwd: tmp });
  const manifest = JSON.parse(await readFile(join(tmp, out, '2026-10', 'manifest.json'), 'utf8')) as Manifest;
  const org = (id: string) => manifest.organizations.find((o) => o.org_id === id)!;
  return { r, manifest, nordlys: org('org-nordlys'), kattegat: org('org-kattegat') };
}

/** No file of the month holds any of `secrets` (Nordlys's token by default), in any case: documents, answers (unzipped), summary, page, manifest, books. */
async function expectNoFileHolds(monthDir: string, secrets: string[] = [token]): Promise<void> {
  for (const e of (await readdir(monthDir, { recursive: true, withFileTypes: true })).filter((x) => x.isFile())) {
    let bytes = await readFile(join(e.parentPath, e.name));
    if (e.name.endsWith('.gz')) bytes = gunzipSync(bytes);
    const text = bytes.toString('latin1').toLowerCase();
    for (const secret of secrets) expect(text.includes(secret.toLowerCase()), e.name).toBe(false);
  }
}

/** `METHOD /path` said as the unit's refusal of that answer, naming Nordlys's token variable. */
const refused = (answer: string) => new RegExp(`^the service's answer to ${answer} contained this unit's token \\(the value of ${envVar('org-nordlys')}\\): no document is made from its answers`);

describe('an answer that holds the organization\'s own token', () => {
  it('makes no document from it: the organization fails naming the answer and the variable, never the token, and the run exits 1', async () => {
    const { r, manifest, nordlys } = await monthEnd(server.url, 'out');
    expect(r.code).toBe(1);
    const variable = envVar('org-nordlys');
    expect(r.stderr).toMatch(new RegExp(`org-nordlys.*the service's answer to GET /api/orgs/org-nordlys/\\S+ contained this unit's token \\(the value of ${variable}\\): no document is made from its answers`));
    expect(r.stdout + r.stderr).not.toContain(token);

    expect(nordlys.status).toBe('failed');
    expect(nordlys.parts.map((p) => [p.part, p.status])).toEqual([['invoices', 'failed'], ['cost_workbook', 'failed']]);
    // The client refused each answer that held the token: each part names its own (the invoice's, the key usage's).
    expect(nordlys.parts[0]!.reason).toMatch(refused('GET /api/orgs/org-nordlys/invoices/[0-9a-f-]+'));
    expect(nordlys.parts[1]!.reason).toMatch(refused('GET /api/orgs/org-nordlys/key-usage'));
    // Its other October invoice (2026-0131) came in a clean answer before the one with the token and
    // is made; 2026-0142's files are not, nor the workbook (its key usage held the token too).
    const made = manifest.files.filter((f) => f.org_id === 'org-nordlys' && f.kind !== 'api_answer' && f.kind !== 'api_answers').map((f) => f.path);
    expect(made.sort()).toEqual(['org-nordlys/invoice-2026-0131.json', 'org-nordlys/invoice-2026-0131.pdf']);
    // The others are made as in any run.
    for (const o of manifest.organizations.filter((x) => x.org_id !== 'org-nordlys' && x.org_id !== 'org-havblik')) expect(o.status, o.org_id).toBe('ok');

    await expectNoFileHolds(join(tmp, 'out', '2026-10'));
  }, 60_000);

  it('makes nothing from the unit\'s later answers either, clean as they are: an error answer that echoed the token (the unit\'s own guard)', async () => {
    // The client masks an error body and retries; its clean answers pass it. The unit, having seen
    // the token in an answer, still makes no document from any of them.
    const { r, manifest, nordlys } = await monthEnd(echoing.url, 'out-echoed');
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(nordlys.parts.map((p) => [p.part, p.status])).toEqual([['invoices', 'failed'], ['cost_workbook', 'failed']]);
    for (const p of nordlys.parts) expect(p.reason).toMatch(refused('GET /api/orgs/org-nordlys/invoices'));
    expect(manifest.files.filter((f) => f.org_id === 'org-nordlys' && f.kind !== 'api_answer' && f.kind !== 'api_answers')).toEqual([]);
    for (const o of manifest.organizations.filter((x) => x.org_id !== 'org-nordlys' && x.org_id !== 'org-havblik')) expect(o.status, o.org_id).toBe('ok');
    await expectNoFileHolds(join(tmp, 'out-echoed', '2026-10'));
  }, 60_000);
});

// An outside attack review: the token cut by zero-width spaces in an invoice's number and a key's
// name passed the byte search, and the records' visibleText joined it again: the files were
// named with it and the PDF, the XML and the workbook carried it, exit 0.
describe('the organization\'s token cut by invisible characters', () => {
  let hiding: FakeServer;
  afterAll(async () => {
    await hiding?.close();
  });

  it('is the token: the organization fails, and no file of the month holds it whole', async () => {
    const cut = [...token].map((c, i) => (i > 0 && i % 5 === 0 ? `\u200b${c}` : c)).join('');
    hiding = await startRewritingProxy(clean.url, (req, body) => {
      const path = req.url.split('?')[0]!;
      if (!path.startsWith('/api/orgs/org-nordlys/')) return body;
      if (path.startsWith('/api/orgs/org-nordlys/invoices/')) return body.toString('utf8').replace(/"invoice_number"\s*:\s*"2026-0142"/, `"invoice_number":"2026-${cut}"`);
      if (path === '/api/orgs/org-nordlys/key-usage') return body.toString('utf8').replace(/"name"\s*:\s*"([^"]*)"/, `"name":"Key ${cut}"`);
      return body;
    });
    const { r, nordlys } = await monthEnd(hiding.url, 'out-hidden');
    expect(r.code).toBe(1);
    expect(nordlys.status).toBe('failed');
    expect(nordlys.parts.find((p) => p.part === 'invoices')!.reason).toMatch(refused('GET /api/orgs/org-nordlys/invoices/[0-9a-f-]+'));
    expect(nordlys.parts.find((p) => p.part === 'cost_workbook')!.reason).toMatch(refused('GET /api/orgs/org-nordlys/key-usage'));
    expect(r.stdout + r.stderr).not.toContain(token);
    await expectNoFileHolds(join(tmp, 'out-hidden', '2026-10'));
  }, 60_000);
});

// An outside attack review: the recorder keeps `content-type` (and `retry-after`, `date`) as
// sent, and a service that put the token into one had it written to answers/index.json.
describe('the organization\'s token in a header the answers keep', () => {
  let headed: FakeServer;
  afterAll(async () => {
    await headed?.close();
  });

  it('is masked there; the answer is kept and read as before', async () => {
    headed = await startFakeServer((req, res) => {
      const headers = { authorization: String(req.headers.authorization ?? ''), 'user-agent': 'svc-test' };
      void fetch(`${clean.url}${req.url}`, { headers }).then(async (r) => {
        const body = Buffer.from(await r.arrayBuffer());
        const type = r.headers.get('content-type') ?? 'application/json';
        // Nordlys's own token in its invoice answers; the same token in Kattegat's (another of the run's, the re-review).
        res.writeHead(r.status, { 'content-type': /^\/api\/orgs\/org-(nordlys|kattegat)\/invoices/.test(req.url) ? `${type}; x=${token}` : type });
        res.end(body);
      });
    });
    const { nordlys } = await monthEnd(headed.url, 'out-headed');
    expect(nordlys.status).toBe('ok');
    const index = await readFile(join(tmp, 'out-headed', '2026-10', 'org-nordlys', 'answers', 'index.json'), 'utf8');
    expect(index).toContain('; x=***');
    expect(await readFile(join(tmp, 'out-headed', '2026-10', 'org-kattegat', 'answers', 'index.json'), 'utf8')).toContain('; x=***');
    await expectNoFileHolds(join(tmp, 'out-headed', '2026-10'));
  }, 60_000);
});

// An outside attack review: Kattegat's answers holding Nordlys's token and the partner's went into
// Kattegat's invoice, e-invoice and workbook, exit 0: each unit's guard knew its own token only.
// The run's every token is now one no unit's answers may hold (RunSecrets), on the run's thread and
// on worker threads alike.
describe('another token of the run in an organization\'s answers', () => {
  let crossed: FakeServer;
  afterAll(async () => {
    await crossed?.close();
  });

  // The re-review: in an answer over 1 MiB (which the recorder does not parse) another token cut by
  // invisible characters reached the workbook; the unit's client now refuses the run's tokens in
  // what it parses too (RefuseAlso).
  it('cut by invisible characters in a key-usage answer over 1 MiB: the organization fails', async () => {
    const cut = [...token].map((c, i) => (i > 0 && i % 5 === 0 ? `\u200b${c}` : c)).join('');
    const large = await startRewritingProxy(clean.url, (req, body) => {
      if (req.url.split('?')[0] !== '/api/orgs/org-kattegat/key-usage') return body;
      return body.toString('utf8').replace(/"name"\s*:\s*"([^"]*)"/, `"name":"Key ${cut}"`) + ' '.repeat(1_200_000);
    });
    try {
      const { r, kattegat } = await monthEnd(large.url, 'out-crossed-large');
      expect(r.code).toBe(1);
      expect(kattegat.parts.find((p) => p.part === 'cost_workbook')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/contained a token of this run that is not this unit's/) });
      await expectNoFileHolds(join(tmp, 'out-crossed-large', '2026-10'));
    } finally {
      await large.close();
    }
  }, 60_000);

  it.each([['the main thread', []], ['a worker thread', ['--threads', '1']]])('on %s: the organization fails naming no token, and no file holds one', async (_where, extra) => {
    const partner = tokens.partners[0]!.token;
    crossed ??= await startRewritingProxy(clean.url, (req, body) => {
      const path = req.url.split('?')[0]!;
      if (path.startsWith('/api/orgs/org-kattegat/invoices/')) return body.toString('utf8').replace(/"description"\s*:\s*"([^"]*)"/, `"description":"Ref ${token}"`);
      if (path === '/api/orgs/org-kattegat/key-usage') return body.toString('utf8').replace(/"name"\s*:\s*"([^"]*)"/, `"name":"Key ${partner}"`);
      return body;
    });
    const out = `out-crossed${extra.length ? '-threads' : ''}`;
    const { r, manifest, kattegat } = await monthEnd(crossed.url, out, extra);
    expect(r.code).toBe(1);
    expect(kattegat.status).toBe('failed');
    expect(kattegat.error).toMatch(/contained a token of this run that is not this unit's \(another organization's or the partner's\): no document is made from its answers/);
    expect(manifest.files.filter((f) => f.org_id === 'org-kattegat' && f.kind !== 'api_answer' && f.kind !== 'api_answers')).toEqual([]);
    expect(manifest.organizations.find((o) => o.org_id === 'org-nordlys')!.status).toBe('ok');
    await expectNoFileHolds(join(tmp, out, '2026-10'), [token, partner]);
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(r.stdout + r.stderr).not.toContain(partner);
  }, 60_000);
});

// The re-review: the e-invoice writes a VAT number compacted (dots, spaces and dashes removed,
// upper-cased), which joined another organization's token that Kattegat's record spelled with dots:
// `<cbc:CompanyID>RT_NORDLYS_…`, exit 0. The e-invoice's bytes are searched before it is written.
describe('a token joined by the e-invoice\'s VAT-number compaction', () => {
  let dotted: FakeServer;
  afterAll(async () => {
    await dotted?.close();
  });

  it('is not written: the organization fails naming the document, and no file holds the token', async () => {
    const spelled = token.replace(/(.{8})/g, '$1.');
    dotted = await startRewritingProxy(clean.url, (req, body) => {
      if (!req.url.split('?')[0]!.startsWith('/api/orgs/org-kattegat/invoices/')) return body;
      const record = JSON.parse(body.toString('utf8')) as { buyer: { vat: string } };
      record.buyer.vat = spelled;
      return JSON.stringify(record);
    });
    const { r, manifest, kattegat } = await monthEnd(dotted.url, 'out-dotted');
    expect(r.code).toBe(1);
    expect(kattegat.status).toBe('failed');
    expect(kattegat.error).toMatch(/org-kattegat\/invoice-2026-0144\.xml would hold a token of this run, joined from pieces in its invoice's record/);
    expect(manifest.files.some((f) => f.path === 'org-kattegat/invoice-2026-0144.xml')).toBe(false);
    await expectNoFileHolds(join(tmp, 'out-dotted', '2026-10'));
  }, 60_000);
});
