import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { pdftotext, flat } from '../invoice/_poppler.js';
import { all, parseXml } from '../einvoice/_ubl.js';
import { svcInProcess, svcOnTerminal, tokenOf, visibleLines, useReferenceServer } from '../_harness/index.js';

// Issue 26: one rule for control, bidi and zero-width characters, applied where API text enters
// the records (core/invisible-text.ts). A server in front of the reference server puts U+202E,
// U+200B and a BOM into invoice 2026-0142's number and its buyer's name; the built svc renders
// the PDF and the XML, runs the month end and lists the invoices on a terminal. Read with
// pdftotext, @xmldom/xmldom, SheetJS and the page's text, every surface shows the same number
// and name, none of the three characters, and the terminal table's columns line up. The built
// code in-process (svcInProcess) where the files and output are the subject; the terminal
// listing on a real pseudo-terminal.

const NUMBER = '2026-0142';
const BUYER = 'Nordlys Analytics ApS';
const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
// Issue 43 added what a hand list had missed: the Arabic letter mark U+061C, the invisible
// operators U+2061-U+2064, tag characters (U+E0041) and the soft hyphen U+00AD.
const HOSTILE_NUMBER = '\u202e2026-\u200b\u061c01\u{e0041}42\u2061\ufeff';
const HOSTILE_BUYER = '\ufeffNordlys \u200bAna\u00adlytics\u202e \u2064ApS\u2062';
/** Unicode's own classes (not this project's list): every default-ignorable code point and bidi control. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

const reference = useReferenceServer();
let liar: FakeServer;
let dir: string;

/** Every string equal to the number or the buyer's name, replaced by its hostile form. */
function hostile(value: unknown): unknown {
  if (value === NUMBER) return HOSTILE_NUMBER;
  if (value === BUYER) return HOSTILE_BUYER;
  if (Array.isArray(value)) return value.map(hostile);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v)]));
  return value;
}

beforeAll(async () => {
  // The characters as raw UTF-8 in the JSON (JSON.stringify does not escape them), as a server would send them.
  liar = await startRewritingProxy(reference.url, (req, body, type) =>
    type.includes('json') && req.url.startsWith('/api/orgs/org-nordlys/invoices') ? JSON.stringify(hostile(JSON.parse(body.toString('utf8')))) : body,
  );
  dir = mkdtempSync(join(tmpdir(), 'svc-invisible-'));
});
afterAll(async () => {
  await liar?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ SVC_BASE_URL: liar.url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });

/** The text of the UBL element at `path`, read with @xmldom/xmldom. */
function ubl(bytes: Uint8Array, path: string): string[] {
  const doc = parseXml(bytes);
  return all(doc.documentElement!, path).map((e) => e.textContent ?? '');
}

describe('U+202E, U+200B and a BOM in an invoice number and a buyer name', () => {
  it('the server really sends them (the test is not vacuous)', async () => {
    const res = await fetch(`${liar.url}/api/orgs/org-nordlys/invoices/${ID}`, { headers: { authorization: `Bearer ${tokenOf('org-nordlys')}`, 'user-agent': 'svc-test' } });
    const text = await res.text();
    expect(text).toContain(HOSTILE_NUMBER);
    expect(text).toContain(HOSTILE_BUYER);
  });

  it('svc invoices render --format both: the PDF (pdftotext) and the XML (cbc:ID, the buyer) say the same, without them', async () => {
    const r = await svcInProcess(['invoices', 'render', ID, '--format', 'both', '-o', join(dir, 'r.pdf')], env());
    expect(r.code, r.stderr).toBe(0);
    const pdf = flat(pdftotext(readFileSync(join(dir, 'r.pdf'))));
    const xml = readFileSync(join(dir, 'r.xml'));
    expect(pdf).not.toMatch(INVISIBLE);
    expect(pdf).not.toContain('\ufffd');
    expect(pdf).toContain(NUMBER);
    expect(pdf).toContain(BUYER);
    expect(ubl(xml, 'cbc:ID')).toEqual([NUMBER]);
    expect(ubl(xml, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toEqual([BUYER]);
    expect(xml.toString('utf8')).not.toMatch(INVISIBLE);
    // Without -o the file is named by the number as shown.
    const named = await svcInProcess(['invoices', 'render', ID, '--format', 'xml'], env(), { cwd: dir });
    expect(named.code, named.stderr).toBe(0);
    expect(readdirSync(dir)).toContain(`${NUMBER}.xml`);
  });

  it('the month end: file names, the PDF, the XML, the workbook, index.html and summary.md say the same', async () => {
    const cfg = join(dir, 'runs.json');
    writeFileSync(cfg, JSON.stringify({ base_url: liar.url, organizations: [{ org_id: 'org-nordlys', name: 'Nordlys', token_env: 'NORDLYS_TOKEN' }] }));
    const out = join(dir, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], { NORDLYS_TOKEN: tokenOf('org-nordlys') }, { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const month = join(out, '2026-10');
    const files = readdirSync(month, { recursive: true }).map(String);
    expect(files.filter((f) => INVISIBLE.test(f))).toEqual([]);
    const stem = files.find((f) => f.endsWith(`invoice-${NUMBER}.pdf`));
    expect(stem, files.join('\n')).toBeDefined();
    const pdf = flat(pdftotext(readFileSync(join(month, stem!))));
    expect(pdf).toContain(NUMBER);
    expect(pdf).toContain(BUYER);
    expect(pdf).not.toMatch(INVISIBLE);
    const xml = readFileSync(join(month, stem!.replace(/\.pdf$/, '.xml')));
    expect(ubl(xml, 'cbc:ID')).toEqual([NUMBER]);
    expect(ubl(xml, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toEqual([BUYER]);

    // Every cell of the cost workbook, read with SheetJS: the number is there as shown, never with the characters.
    const workbook = files.find((f) => /cost-2026-10\.xlsx$/.test(f));
    expect(workbook).toBeDefined();
    const book = XLSX.read(readFileSync(join(month, workbook!)), { type: 'buffer' });
    const cells = book.SheetNames.flatMap((n) => Object.entries(book.Sheets[n]!).filter(([k]) => !k.startsWith('!')).map(([, c]) => String((c as XLSX.CellObject).v ?? '')));
    expect(cells.filter((c) => INVISIBLE.test(c))).toEqual([]);
    expect(cells.filter((c) => c.includes(NUMBER)).length).toBeGreaterThan(0);

    for (const page of ['index.html', 'summary.md']) {
      const text = readFileSync(join(month, page), 'utf8');
      expect(text, page).not.toMatch(INVISIBLE);
      expect(text, page).toContain(NUMBER);
    }
    const orgPage = files.find((f) => f.endsWith('.html') && f !== 'index.html');
    if (orgPage) expect(readFileSync(join(month, orgPage), 'utf8')).not.toMatch(INVISIBLE);
    // The source record is kept as the server sent it (it is the evidence), characters and all.
    expect(readFileSync(join(month, stem!.replace(/\.pdf$/, '.json')), 'utf8')).toContain(HOSTILE_NUMBER);
  }, 120_000);

  it('svc invoices list and get on a terminal: the number as elsewhere, and the table columns line up', async () => {
    const list = await svcOnTerminal(['invoices', 'list'], 120, env());
    expect(list.code, list.out).toBe(0);
    const lines = visibleLines(list.out).filter((l) => l.trim() !== '');
    expect(list.out).not.toMatch(INVISIBLE);
    const row = lines.find((l) => l.includes(NUMBER));
    expect(row, list.out).toBeDefined();
    // Display width as a terminal counts it (wcwidth's rule, not ours): format (Cf), combining
    // (Mn, Me) and control (Cc) characters take no column. Each row's second column starts where
    // the header's does, and every row is as wide as the others.
    const width = (s: string) => [...s].filter((c) => !/[\p{Cf}\p{Mn}\p{Me}\p{Cc}]/u.test(c)).length;
    const secondColumn = (l: string) => width(/^.*? {2,}(?=\S)/u.exec(l)![0]);
    const header = lines[0]!;
    const rows = lines.filter((l) => /^\s*\S*\d{4}\S*-\S*\d{4}/u.test(l));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toContain(row);
    for (const l of rows) expect(secondColumn(l), l).toBe(secondColumn(header));
    expect(new Set(rows.map(width)).size, rows.join('\n')).toBe(1);
    const get = await svcOnTerminal(['invoices', 'get', ID], 120, env());
    expect(get.code, get.out).toBe(0);
    expect(get.out).not.toMatch(INVISIBLE);
    expect(get.out).toContain(`Invoice ${NUMBER}`);
    expect(get.out).toContain(`To:      ${BUYER},`);
  }, 60_000);

  it('svc invoices get --json: the answer as sent, each invisible character written as its \\u escape, so a JSON reader gets the same strings', async () => {
    const r = await svcInProcess(['invoices', 'get', ID, '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(INVISIBLE);
    expect(r.stdout).toContain('"invoice_number": "\\u202e2026-\\u200b\\u061c01\\udb40\\udc4142\\u2061\\ufeff"');
    const sent = JSON.parse(r.stdout) as { invoice_number: string; buyer: { legal_name: string } };
    expect(sent.invoice_number).toBe(HOSTILE_NUMBER);
    expect(sent.buyer.legal_name).toBe(HOSTILE_BUYER);
  }, 60_000);
});
