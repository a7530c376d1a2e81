// What a backend developer embedding the package gets (issue 40, item 3), called through the
// package root against the reference server over HTTP: the service's error code on every API
// error, library messages in the library's terms (the CLI names its flags), the money format the
// documents print, an invoice by its number, closed sets as literal types.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pkg from '../../src/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { startFakeServer } from '../client/_fake-server.js';
import { FAST, KEYS, samplesWithShares, svcInProcess, tokenOf } from '../_harness/index.js';

let server: ReferenceServer;
let dir: string;
beforeAll(async () => {
  dir = samplesWithShares({ 'org-fjordline': { usage: false } });
  server = await startReferenceServer({ dataDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const reporting = (orgId: string, token = tokenOf(orgId)) => new pkg.ReportingClient({ baseUrl: server.url, orgId, token, env: {}, ...FAST });
const gateway = (apiKey: string) => new pkg.GatewayClient({ gatewayUrl: server.url, apiKey, env: {}, ...FAST });

/**
 * Every file under src/ that the entry points reach through relative imports and re-exports
 * (dynamic `import('…')` and `import type` included), parsed. The same files as a TypeScript
 * program of those entry points holds under src/ (359 of 359 when this replaced one), at half the
 * CPU: a program also reads the standard library's and every dependency's declarations.
 */
function reachableSources(entries: string[]): ts.SourceFile[] {
  const parsed = new Map<string, ts.SourceFile>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (parsed.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    parsed.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
    for (const spec of ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('.'))) {
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      const found = [target, target.replace(/\.ts$/, '/index.ts')].find((c) => existsSync(c));
      if (!found) throw new Error(`${file}: ${spec} is not a file under src/`);
      todo.push(found);
    }
  }
  return [...parsed.values()];
}

async function failure(run: () => Promise<unknown>): Promise<pkg.ApiError> {
  const e = await run().then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(pkg.ApiError);
  return e as pkg.ApiError;
}

describe('every API error carries the service\'s code and the status', () => {
  it('as the body\'s `error` says, for each kind of refusal', async () => {
    const cases: Array<[() => Promise<unknown>, number, new (...a: never[]) => pkg.ApiError]> = [
      [() => reporting('org-fjordline').getKeyUsage(), 403, pkg.PermissionDeniedError],
      [() => reporting('org-nordlys', tokenOf('org-fjordline')).listInvoices(), 403, pkg.PermissionDeniedError],
      [() => reporting('org-nordlys').getInvoice('00000000-0000-4000-8000-000000000000'), 404, pkg.NotFoundError],
      [() => reporting('org-nordlys', 'rt_not_a_token').listInvoices(), 401, pkg.AuthenticationError],
      [() => gateway(KEYS.notShared).getDailyActivity({ start_date: '2026-11-01', end_date: '2026-11-02' }), 403, pkg.PermissionDeniedError],
      [() => gateway(KEYS.noOrg).getKeyFields(), 403, pkg.PermissionDeniedError],
    ];
    const codes: string[] = [];
    for (const [run, status, cls] of cases) {
      const e = await failure(run);
      expect(e).toBeInstanceOf(cls);
      expect(e.status).toBe(status);
      // The code is the body's own `error` value, read here with JSON.parse, not by the client.
      const sent = JSON.parse(e.body!) as { error: string };
      expect(e.code, e.message).toBe(sent.error);
      codes.push(e.code!);
    }
    expect(codes).toContain('usage_not_shared');
    expect(codes).toContain('forbidden');
    expect(new Set(codes).size).toBeGreaterThanOrEqual(4);
  });

  it('a LiteLLM-shaped body gives error.code; a plain-text body or no answer gives none', async () => {
    const fake = await startFakeServer((req, res) => {
      if (req.url.startsWith('/key/info')) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad', type: 'invalid_request_error', code: 'budget_exceeded' } }));
      } else res.writeHead(418, { 'content-type': 'text/plain' }).end('no');
    });
    try {
      const c = new pkg.GatewayClient({ gatewayUrl: fake.url, apiKey: 'sk-test-1234567890', env: {}, ...FAST });
      const lite = await failure(() => c.getKeyInfo());
      expect([lite.status, lite.code]).toEqual([400, 'budget_exceeded']);
      const plain = await failure(() => c.getModelInfo());
      expect([plain.status, plain.code]).toEqual([418, undefined]);
    } finally {
      await fake.close();
    }
    const gone = await failure(() => new pkg.GatewayClient({ gatewayUrl: 'http://127.0.0.1:9', apiKey: 'sk-x', env: {}, maxRetries: 0 }).getKeyInfo());
    expect(gone).toBeInstanceOf(pkg.ConnectionError);
    expect([gone.status, gone.code]).toEqual([undefined, undefined]);
  });
});

describe('library messages speak of options, never of the CLI\'s flags', () => {
  const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
  const FLAG = /(^|[\s(`'"])--[a-z][a-z-]+|"svc [a-z]+|`svc [a-z]+/;

  it('no string in the library\'s code names a flag or a svc command', () => {
    const found: string[] = [];
    let files = 0;
    for (const sf of reachableSources([`${SRC}index.ts`, `${SRC}queue.ts`, `${SRC}schemas.ts`])) {
      if (/\/src\/(cli|server)\//.test(sf.fileName)) continue;
      // The one exception: the command a run names for a person to make a credit note (issue 36), data in the manifest and on the pages.
      if (sf.fileName.endsWith('/runner/run/_credit-notes.ts')) continue;
      files++;
      const visit = (n: ts.Node): void => {
        if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) && FLAG.test(n.text)) {
          found.push(`${sf.fileName.slice(SRC.length)}: ${n.text}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    expect(files).toBeGreaterThan(150);
    expect(found).toEqual([]);
  });

  it('the library names the option; the CLI names its flag for the same mistake', async () => {
    const e = await (async () => new pkg.ReportingClient({ baseUrl: server.url, token: 'rt_x', env: {} }))().catch((x: unknown) => x as pkg.ConfigurationError);
    expect(e).toBeInstanceOf(pkg.ConfigurationError);
    expect((e as pkg.ConfigurationError).hint).toBe('the dashboard shows it beside the API tokens; or pass the orgId option');
    const other = await failure(() => reporting('org-nordlys', tokenOf('org-fjordline')).listInvoices());
    expect(other.hint).toBe('check that SVC_ORG_ID (or the orgId option) is the organization the token was created in');
    const cli = await svcInProcess(['invoices', 'list'], { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: 'rt_x' });
    expect(cli.stderr).toContain('or pass --org');
    const cliOther = await svcInProcess(['invoices', 'list'], { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: tokenOf('org-fjordline'), SVC_ORG_ID: 'org-nordlys' });
    expect(cliOther.stderr).toContain('(check that SVC_ORG_ID (or --org) is the organization the token was created in');
  });
});

describe('formatMoney: minor units as the documents print them', () => {
  it('øre in Danish and English, exact, beyond 2^53 as a bigint', () => {
    expect(pkg.formatMoney(3174028, 'DKK', 'da')).toBe('31.740,28 DKK');
    expect(pkg.formatMoney(3174028, 'DKK')).toBe('31.740,28 DKK');
    expect(pkg.formatMoney(3174028, 'DKK', 'en')).toBe('DKK 31,740.28');
    expect(pkg.formatMoney(-5, 'EUR', 'da')).toBe('-0,05 EUR');
    expect(pkg.formatMoney(0, 'USD', 'en')).toBe('USD 0.00');
    expect(pkg.formatMoney(12345678901234567890n, 'DKK', 'da')).toBe('123.456.789.012.345.678,90 DKK');
  });

  it('is the total the invoice PDF prints', async () => {
    const invoice = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/invoices/nordlys-2026-10.json', import.meta.url)), 'utf8')) as pkg.InvoiceJson;
    const { pdfText } = await import('../_pdf-text.js');
    const { text } = await pdfText(await pkg.renderInvoicePdf(invoice, { language: 'da' }));
    expect(text).toContain(pkg.formatMoney(invoice.total_cents, invoice.currency, 'da'));
  });
});

describe('getInvoiceByNumber', () => {
  it('is the invoice getInvoice gives for the id the list names with that number', async () => {
    const c = reporting('org-nordlys');
    const list = await c.listInvoices();
    expect(list.length).toBeGreaterThan(1);
    for (const summary of list) {
      const byNumber = await c.getInvoiceByNumber(summary.invoice_number);
      expect(byNumber).toEqual(await c.getInvoice(summary.id));
      expect(byNumber.invoice_number).toBe(summary.invoice_number);
    }
  });

  it('a number no invoice has is a NotFoundError naming it; an empty one is refused before any request', async () => {
    const e = await failure(() => reporting('org-nordlys').getInvoiceByNumber('1999-0001'));
    expect(e).toBeInstanceOf(pkg.NotFoundError);
    expect(e.message).toContain('invoice number "1999-0001" of org-nordlys was not found');
    await expect(reporting('org-nordlys').getInvoiceByNumber('  ')).rejects.toThrow(/^invoice number: must be a non-empty string/);
  });

  // An outside embedder review: the record was returned as it came, so a service whose record
  // says another number than its list gave an embedder asking for one invoice another (the CLI
  // and the month end refused it already).
  it('a record numbered otherwise than the list says is an InvoiceMismatchError naming both, not returned', async () => {
    const real = reporting('org-nordlys');
    const list = await real.listInvoices();
    const record = await real.getInvoice(list[0]!.id);
    const fake = await startFakeServer((req, res) => {
      const path = req.url.split('?')[0]!;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (path.endsWith('/invoices')) return res.end(JSON.stringify(list));
      res.end(JSON.stringify({ ...record, invoice_number: '2026-9999' }));
    });
    try {
      const c = new pkg.ReportingClient({ baseUrl: fake.url, orgId: 'org-nordlys', token: tokenOf('org-nordlys'), env: {}, ...FAST });
      const e = await c.getInvoiceByNumber(list[0]!.invoice_number).then(() => undefined, (x: unknown) => x);
      expect(e).toBeInstanceOf(pkg.InvoiceMismatchError);
      expect((e as Error).message).toBe(`invoice ${list[0]!.id}: the invoice list says invoice_number ${JSON.stringify(list[0]!.invoice_number)}, the invoice record says "2026-9999"; refused, since files named by one would say the other`);
    } finally {
      await fake.close();
    }
  });
});

describe('closed sets are literal types; every error a public function throws is exported', () => {
  it('finding codes and languages', () => {
    const code: pkg.InvoiceCheckFindingCode = 'ean_check_digit';
    // @ts-expect-error -- not a finding code (npm run typecheck fails if this line compiles)
    const wrong: pkg.InvoiceCheckFinding['code'] = 'ean_checksum';
    const language: pkg.Language = 'da';
    const installed: pkg.Language = 'de';
    expect([code, wrong, language, installed]).toHaveLength(4);
  });

  it('OutputLinkError, which runMonthEnd names in its @throws', async () => {
    const { OutputLinkError } = await import('../../src/core/output-link-error.js');
    expect(pkg.OutputLinkError).toBe(OutputLinkError);
    expect(new pkg.OutputLinkError('a', '/out', undefined)).toBeInstanceOf(pkg.SvcError);
  });
});
