// The re-review (2026-12-07): a partner whose token holds its own organization id
// (`pt_org-bifrost-partners_…`) had its partner workbook refused every month: the partner status
// names its `org_id`, 12 characters of the token, and nothing made that id public as an
// organization's own id is. The config's `partner.org_id` now does. A copy of the samples with the
// partner renamed so, the month end through svc against the reference server over HTTP.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { configFor, copySamples, readTokens, svcInProcess, tempDir, type SampleTokens } from '../_harness/index.js';

const ID = 'org-bifrost-partners';
const TOKEN = `pt_${ID}_2b4d6f8a0c1e3a5b`;
let dir: string;
let server: ReferenceServer;
let tokens: SampleTokens;
beforeAll(async () => {
  dir = await tempDir();
  const data = await copySamples(join(dir, 'data'));
  for (const file of ['partners.json', 'tokens.json']) {
    const path = join(data, file);
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll('"org-bifrost"', `"${ID}"`).replaceAll('pt_bifrost_2b4d6f8a0c1e3a5b', TOKEN));
  }
  tokens = await readTokens(data);
  expect(tokens.partners[0]).toEqual({ org_id: ID, token: TOKEN });
  server = await startReferenceServer({ dataDir: data });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function monthEnd(out: string, partnerOrgId?: string) {
  const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') }, true);
  if (partnerOrgId) config.partner = { ...config.partner!, org_id: partnerOrgId };
  const path = join(dir, `${out}.json`);
  await writeFile(path, JSON.stringify(config));
  const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', path, '--out', join(dir, out), '--language', 'en'], env, { cwd: dir });
  const manifest = JSON.parse(await readFile(join(dir, out, '2026-10', 'manifest.json'), 'utf8')) as Manifest;
  return { r, manifest };
}

describe('a partner whose token holds its own organization id', () => {
  it('with partner.org_id: the partner workbook is made, the token in no file', async () => {
    const { r, manifest } = await monthEnd('with-id', ID);
    expect(r.code, r.stderr).toBe(0);
    expect(manifest.partner?.status).toBe('ok');
    expect(manifest.files.some((f) => f.path === 'partner-status.xlsx')).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('without it: refused as holding the token, naming the variable (the README says to give partner.org_id)', async () => {
    const { r, manifest } = await monthEnd('without-id');
    expect(r.code).toBe(1);
    expect(manifest.partner?.status).toBe('failed');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });
});
