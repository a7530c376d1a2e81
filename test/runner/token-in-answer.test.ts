import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { configFor, copySamples, envVar, readTokens, svcInProcess, type SampleTokens } from '../_harness/index.js';

// An outside audit (2026-12-07): when the service's answers to an organization hold that
// organization's own reporting token (a key named with it, an invoice's payment reference set to
// it), the run made its invoice JSON, PDF, e-invoice and workbook from them, token and all, and
// exited 0. A copy of the samples where both of Nordlys's answers carry its token, served over
// real HTTP by the reference server, the month end through the built svc: Nordlys fails by name,
// no file of the month holds the token, the other organizations are made as before.

let tmp: string;
let server: ReferenceServer;
let tokens: SampleTokens;
let token: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-token-answer-'));
  const data = await copySamples(join(tmp, 'data'));
  tokens = await readTokens(data);
  token = tokens.orgs.find((o) => o.org_id === 'org-nordlys')!.token;
  const orgFile = join(data, 'orgs', 'org-nordlys', 'org.json');
  const org = JSON.parse(await readFile(orgFile, 'utf8')) as { keys: Array<{ id: string; name: string }> };
  org.keys.find((k) => k.id === 'key-nl-002')!.name = `bot ${token} leak`;
  await writeFile(orgFile, JSON.stringify(org));
  const invoiceFile = join(data, 'invoices', 'nordlys-2026-10.json');
  const invoice = JSON.parse(await readFile(invoiceFile, 'utf8')) as { buyer: Record<string, unknown> };
  invoice.buyer.payment_reference = token;
  await writeFile(invoiceFile, JSON.stringify(invoice));
  server = await startReferenceServer({ dataDir: data });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('an answer that holds the organization\'s own token', () => {
  it('makes no document from it: the organization fails naming the answer and the variable, never the token, and the run exits 1', async () => {
    const { config, env } = configFor(server.url, tokens);
    const configPath = join(tmp, 'runs.json');
    await writeFile(configPath, JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', configPath, '--out', out, '--language', 'en'], env, { cwd: tmp });
    expect(r.code).toBe(1);
    const variable = envVar('org-nordlys');
    expect(r.stderr).toMatch(new RegExp(`org-nordlys.*the service's answer to GET /api/orgs/org-nordlys/\\S+ contained this unit's token \\(the value of ${variable}\\): no document is made from its answers`));
    expect(r.stdout + r.stderr).not.toContain(token);

    const manifest = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')) as Manifest;
    const nordlys = manifest.organizations.find((o) => o.org_id === 'org-nordlys')!;
    expect(nordlys.status).toBe('failed');
    expect(nordlys.parts.map((p) => [p.part, p.status])).toEqual([['invoices', 'failed'], ['cost_workbook', 'failed']]);
    // Its other October invoice (2026-0131) came in a clean answer before the one with the token and
    // is made; nothing from 2026-0142's answer on is: neither that invoice's files nor the workbook.
    const made = manifest.files.filter((f) => f.org_id === 'org-nordlys' && f.kind !== 'api_answer' && f.kind !== 'api_answers').map((f) => f.path);
    expect(made.sort()).toEqual(['org-nordlys/invoice-2026-0131.json', 'org-nordlys/invoice-2026-0131.pdf']);
    // The others are made as in any run.
    for (const o of manifest.organizations.filter((x) => x.org_id !== 'org-nordlys' && x.org_id !== 'org-havblik')) expect(o.status, o.org_id).toBe('ok');

    // No file of the month holds it: documents, answers (unzipped), summary, page, manifest, books.
    for (const e of (await readdir(join(out, '2026-10'), { recursive: true, withFileTypes: true })).filter((x) => x.isFile())) {
      let bytes = await readFile(join(e.parentPath, e.name));
      if (e.name.endsWith('.gz')) bytes = gunzipSync(bytes);
      expect(bytes.includes(token), e.name).toBe(false);
    }
  }, 60_000);
});
