// The reference server's PDF of an invoice its renderer refuses to print whole (a buyer's name in
// Chinese, which the PDF's fonts cannot show): spec §7 gives endpoint 3 no 500, and a 500 is what
// a client retries. It answers 409, "the organization's setup needs attention on the service's
// side", with the invoice, the field and the characters in its message; `svc invoices pdf` asks
// once, exits 1 with the service's words on one line, and writes no file. Over real HTTP.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './_helpers.js';
import { copySamples, svc, tokenOf, useReferenceServer } from '../_harness/index.js';

const NAME = 'Nordlys Analytics ApS — 北京数据科技有限公司';
let tmp: string;
let printable: { id: string } | undefined;
let refused: { id: string; invoice_number: string } | undefined;
const server = useReferenceServer(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-unprintable-server-'));
  const data = await copySamples(join(tmp, 'data'));
  const file = join(data, 'invoices', 'nordlys-2026-10.json');
  const invoice = JSON.parse(await readFile(file, 'utf8')) as { id: string; invoice_number: string; buyer: { legal_name: string } };
  invoice.buyer.legal_name = NAME;
  await writeFile(file, JSON.stringify(invoice));
  refused = invoice;
  for (const f of await readdir(join(data, 'invoices'))) {
    const other = JSON.parse(await readFile(join(data, 'invoices', f), 'utf8')) as { id: string; org_id: string };
    if (other.org_id === 'org-nordlys' && other.id !== invoice.id) printable = other;
  }
  return { dataDir: data };
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const TOKEN = tokenOf('org-nordlys');

describe("an invoice the reference server's renderer cannot print", () => {
  it('is 409 needs_attention naming the invoice, the field and the characters; the other invoices still print', async () => {
    const r = await call(server.url, `/api/orgs/org-nordlys/invoices/${refused!.id}/pdf`, { token: TOKEN });
    expect(r.status).toBe(409);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.json.error).toBe('needs_attention');
    expect(r.json.message).toContain(`invoice ${refused!.invoice_number} cannot be printed as stored: buyer.legal_name:`);
    expect(r.json.message).toContain('U+5317 "北"');
    const ok = await call(server.url, `/api/orgs/org-nordlys/invoices/${printable!.id}/pdf`, { token: TOKEN });
    expect(ok.status).toBe(200);
    expect(Buffer.from(ok.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('svc invoices pdf asks once, exits 1 with the service\'s words, and writes no file', async () => {
    const out = join(tmp, 'out.pdf');
    const env = { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: TOKEN, SVC_ORG_ID: 'org-nordlys', SVC_DEBUG: '1' };
    const r = await svc(['invoices', 'pdf', refused!.id, '-o', out], { env });
    expect(r.code, r.stderr).toBe(1);
    const asked = r.stderr.split('\n').filter((l) => l.includes(`→ GET`) && l.includes('/pdf'));
    expect(asked).toHaveLength(1);
    expect(r.stderr).not.toMatch(/svc: retry \d/);
    const said = r.stderr.split('\n').filter((l) => l.startsWith('svc: ') && !l.startsWith('svc: →') && !l.startsWith('svc: ←'));
    expect(said[0]).toContain("the organization's setup needs attention on the service's side: the service says: invoice");
    expect(said[0]).toContain('buyer.legal_name');
    expect(r.stderr).not.toContain(TOKEN);
    expect(existsSync(out)).toBe(false);
    expect((await readdir(tmp)).filter((n) => n.includes('svc-tmp'))).toEqual([]);
  });
});
