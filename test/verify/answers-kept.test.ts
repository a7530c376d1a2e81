// Issue 38: the answers a run keeps are every answer its clients received, failures included, and
// `svc verify` replays them as they came. A proxy in front of the reference server (real HTTP on
// loopback) answers some requests itself: Nordlys's first key-usage request 503 (the client
// retries) and its first monthly-usage request 503 with a second's Retry-After, every
// monthly-usage request of Kattegat 500 (its cost workbook fails, its invoices are made),
// Fjordline's first plan-cost request a dropped connection, and Bifrost's partner status with the
// caller's token echoed in it (no partner workbook is made from it). The run (with the service's
// own PDFs) is then verified with the server gone.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { verifyRun } from '../../src/verify/index.js';
import { configFor, readTokens, useReferenceServer, type SampleTokens } from '../_harness/index.js';

interface KeptIndex {
  answers: Array<{ method: string; path: string; status?: number; failed?: string; withheld?: string; body?: string; text?: string; encoding?: string; bytes?: number; sha256?: string; cut?: true }>;
}

let tmp: string;
const upstream = useReferenceServer();
let proxy: Server;
let tokens: SampleTokens;
let manifest: Manifest;
let monthDir: string;
const seen = new Map<string, number>();

/** Passes a request on to the reference server, the answer back as it came (or through `edit`). */
function forward(req: IncomingMessage, res: ServerResponse, edit?: (body: string) => string): void {
  const up = request(`${upstream.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => {
      const body = edit ? Buffer.from(edit(Buffer.concat(chunks).toString('utf8'))) : Buffer.concat(chunks);
      res.writeHead(answer.statusCode!, { 'content-type': answer.headers['content-type'] ?? 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  req.pipe(up);
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-verify-answers-'));
  tokens = await readTokens();
  proxy = createServer((req, res) => {
    const url = req.url ?? '';
    const n = (seen.get(url) ?? 0) + 1;
    seen.set(url, n);
    if (url.includes('/org-nordlys/key-usage') && n === 1) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"error":"unavailable","message":"try again"}');
    } else if (url.includes('/org-nordlys/monthly-usage') && n === 1) {
      // Asked before the key usage, retried after it (a second's wait against none): verify's replay
      // waits for neither, so there the retries come the other way round.
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end('{"error":"unavailable","message":"try again in a second"}');
    } else if (url.includes('/org-kattegat/monthly-usage')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"internal","message":"the usage store is down"}');
    } else if (url.includes('/org-fjordline/plan-cost') && n === 1) {
      req.socket.destroy();
    } else if (url.includes('/partner')) {
      forward(req, res, (body) => body.replace(/^\{/, `{"echo":${JSON.stringify(String(req.headers.authorization).replace(/^Bearer /, ''))},`));
    } else forward(req, res);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  const { config, env } = configFor(`http://127.0.0.1:${port}`, tokens, true);
  manifest = await runMonthEnd(config, { outDir: join(tmp, 'out'), month: '2026-10', env, language: 'en', withServicePdf: true });
  monthDir = join(tmp, 'out', '2026-10');
  await new Promise((resolve) => proxy.close(resolve));
}, 120_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function indexOf(orgFolder: string): Promise<KeptIndex> {
  return JSON.parse(await readFile(join(monthDir, orgFolder, 'index.json'), 'utf8')) as KeptIndex;
}

describe('answers kept as they came, failures included', () => {
  it('the run went as the proxy made it go', () => {
    const status = Object.fromEntries(manifest.organizations.map((o) => [o.org_id, o.status]));
    expect(status).toMatchObject({ 'org-nordlys': 'ok', 'org-fjordline': 'ok', 'org-kattegat': 'failed' });
    expect(manifest.organizations.find((o) => o.org_id === 'org-kattegat')!.invoices.length).toBe(1);
    expect(seen.get('/api/orgs/org-kattegat/monthly-usage?year=2026')).toBe(3);
    // The partner status came back with the partner token in it: the partner client refuses it
    // (CredentialInResponseError), and the run says so in the unit's words, naming the variable; no workbook.
    expect(manifest.partner).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^the service's answer to GET \/api\/partner\S* contained this unit's token \(the value of \w+\): no document is made from its answers/) });
    expect(manifest.files.filter((f) => f.kind === 'partner_workbook')).toEqual([]);
  });

  it('keeps the 503 and the 200 after it, the 500s, and the dropped connection, in order', async () => {
    const nordlys = (await indexOf('org-nordlys/answers')).answers.filter((a) => a.path.includes('/key-usage'));
    expect(nordlys.map((a) => a.status)).toEqual([503, 200]);
    const kattegat = (await indexOf('org-kattegat/answers')).answers.filter((a) => a.path.includes('/monthly-usage'));
    expect(kattegat.map((a) => a.status)).toEqual([500, 500, 500]);
    // A small text body is kept in the index itself.
    expect(kattegat[0]!.body).toBeUndefined();
    expect(JSON.parse(kattegat[0]!.text!)).toEqual({ error: 'internal', message: 'the usage store is down' });
    const fjordline = (await indexOf('org-fjordline/answers')).answers.filter((a) => a.path.includes('/plan-cost'));
    expect(fjordline[0]).toMatchObject({ method: 'GET' });
    expect(fjordline[0]!.status).toBeUndefined();
    expect(fjordline[0]!.failed).toEqual(expect.any(String));
    expect(fjordline[1]!.status).toBe(200);
  });

  it("keeps the service's own PDF once, as its document, listed in no index", async () => {
    const pdfs = manifest.files.filter((f) => f.kind === 'service_pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(3);
    for (const folder of ['org-nordlys', 'org-fjordline', 'org-kattegat']) {
      const index = await indexOf(`${folder}/answers`);
      expect(index.answers.filter((a) => a.path.endsWith('/pdf'))).toEqual([]);
    }
    expect(manifest.files.filter((f) => f.kind === 'api_answer' && f.path.endsWith('.pdf'))).toEqual([]);
  });

  it('never writes an answer with the token in it, nor anything made from it: no file holds it', async () => {
    // Nothing was made of the partner's answers, so none is kept either (answers are kept beside what they made).
    expect(manifest.files.filter((f) => f.path.startsWith('partner-answers/'))).toEqual([]);
    const token = tokens.partners[0]!.token;
    for (const e of (await readdir(monthDir, { recursive: true, withFileTypes: true })).filter((x) => x.isFile())) {
      let bytes = await readFile(join(e.parentPath, e.name));
      if (e.name.endsWith('.gz')) bytes = gunzipSync(bytes);
      expect(bytes.includes(token), e.name).toBe(false);
    }
  });

  it("each cost workbook's source hash is its organization's kept answers, as the runner README says", async () => {
    // Written from the README, not from the code: one line per answer of index.json, the JSON array
    // [method, path, status, failed, withheld, bytes, sha256, cut], ordered by method and path (a
    // stable sort), a request of an invoice's PDF left out; its sha256. Nordlys's 503 and
    // Fjordline's dropped connection are among them.
    const workbooks = manifest.files.filter((f) => f.kind === 'cost_workbook');
    expect(workbooks.map((f) => f.org_id).sort()).toEqual(['org-fjordline', 'org-nordlys']);
    for (const f of workbooks) {
      const hash = createHash('sha256');
      const answers = (await indexOf(`${f.org_id}/answers`)).answers.filter((a) => !/\/invoices\/[^/?]+\/pdf$/.test(a.path));
      const key = (a: { method: string; path: string }) => `${a.method} ${a.path}`;
      answers.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
      for (const a of answers) {
        const kept = a.failed === undefined && a.withheld === undefined;
        const line = [a.method, a.path, a.status ?? null, a.failed ?? null, a.withheld !== undefined, kept ? a.bytes : null, kept ? a.sha256 : null, a.cut === true];
        hash.update(`${JSON.stringify(line)}\n`);
      }
      expect(f.source_sha256, f.path).toBe(hash.digest('hex'));
      expect(f.source).toBe(`cost report 2026-10: the API answers in ${f.org_id}/answers/index.json`);
    }
  });

  it('svc verify replays them: the retries, the failure and its documents agree', async () => {
    const report = await verifyRun(monthDir);
    expect(report.differences).toEqual([]);
    expect(report.checked.units).toBe(3);
    // Every document of the three organizations made again, the service's PDFs (their own answers) among them.
    const made = manifest.files.filter((f) => f.org_id !== null && f.status !== 'kept' && ['invoice_json', 'invoice_pdf', 'invoice_xml', 'service_pdf', 'cost_workbook'].includes(f.kind));
    expect(report.checked.documents).toBe(made.length);
  }, 60_000);
});
