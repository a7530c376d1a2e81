import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderCreditNotePdf, renderInvoicePdf } from '../../src/invoice/index.js';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { parseXml } from '../einvoice/_ubl.js';
import { sample, variant } from './_samples.js';
import { longFieldsInvoice } from './_long-fields.js';
import { solidPng } from './_png.js';
import { QpdfView, attachment, str } from './_qpdf.js';
import { PREFLIGHT } from '../_rules-runner.js';
import { hasPdfaPreflight, runs } from '../_tools.js';
import { Preflight, type PreflightResult } from './_preflight.js';

// The project's copy of the PDF/A-3 preflight (test/rules/pdfa-preflight): Debian's PDFBox and qpdf.
const preflight = runs(hasPdfaPreflight) ? PREFLIGHT : undefined;
const SAMPLES = ['nordlys-2026-10.json', 'nordlys-2026-09.json', 'nordlys-2026-10-void.json', 'kattegat-2026-10.json', 'fjordline-2026-10.json', '../vat-treatments/eu-reverse-charge-2026-10.json', '../vat-treatments/usd-vat-with-rate-2026-10.json'];
const CREDIT = { number: 'KN-2026-007', issueDate: '2026-11-20', reason: 'Forkert plan' };
const XMP = { x: 'adobe:ns:meta/', rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', dc: 'http://purl.org/dc/elements/1.1/', xmp: 'http://ns.adobe.com/xap/1.0/', pdf: 'http://ns.adobe.com/pdf/1.3/', pdfaid: 'http://www.aiim.org/pdfa/ns/id/' };

/** `D:20261103090000Z` → the same instant as XMP writes it. */
function pdfDateToIso(d: string): string {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(d)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
}

describe.runIf(runs(hasPdfaPreflight))('PDF/A-3b: test/rules/pdfa-preflight (PDFBox Preflight and qpdf)', () => {
  // One for the file: its temporary folder (the batch's answers, the java shim) goes with it.
  const tool = new Preflight(preflight!);
  let dir: string | undefined;
  afterAll(() => {
    tool.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  interface Subjects {
    /** The sample invoices in da and en, with a logo, the credit notes, and PDFs carrying their XML. */
    samples: string[];
    /** Nordlys's October invoice saying pdfaid:part 9. */
    notPdfA: string;
    /** Nordlys's October invoice with an XMP CreatorTool unlike the Info dictionary's. */
    xmpUnlikeInfo: string;
  }
  let subjects: Promise<Subjects> | undefined;
  /**
   * Every PDF the tests below check, written once by the first test that asks, and checked by one
   * PDFBox JVM for all of them (tool.prepare); each test then runs the tool on its own files.
   */
  const pdfs = (): Promise<Subjects> => (subjects ??= writeSubjects());

  async function writeSubjects(): Promise<Subjects> {
    const folder = (dir = mkdtempSync(join(tmpdir(), 'svc-pdfa-')));
    const write = (name: string, pdf: Uint8Array): string => {
      writeFileSync(join(folder, name), pdf);
      return join(folder, name);
    };
    const samples: string[] = [];
    const add = (name: string, pdf: Uint8Array): void => void samples.push(write(name, pdf));
    for (const name of SAMPLES) {
      for (const language of ['da', 'en']) add(`${name.split('/').pop()}.${language}.pdf`, await renderInvoicePdf(sample(name), { language }));
    }
    add('logo.pdf', await renderInvoicePdf(sample('fjordline-2026-10.json'), { logo: solidPng(40, 20, [200, 30, 30]) }));
    for (const language of ['da', 'en']) add(`credit-note.${language}.pdf`, await renderCreditNotePdf(sample('nordlys-2026-10-void.json'), CREDIT, { language }));
    add('credit-note-kattegat.pdf', await renderCreditNotePdf(sample('kattegat-2026-10.json'), CREDIT));
    // The tool hands qpdf's JSON of the whole file to Python in one environment variable, which
    // Linux caps at 128 KiB: a 5-page document with a 34 KB XML inside is past that, so the
    // PDFs with XML checked here are the 1-page ones (the 5-page one's structure: tests below).
    add('with-xml.pdf', await renderInvoicePdf(sample('nordlys-2026-10.json'), { embedXml: true }));
    add('with-xml-en.pdf', await renderInvoicePdf(sample('fjordline-2026-10.json'), { embedXml: true }));
    add('credit-note-with-xml.pdf', await renderCreditNotePdf(sample('nordlys-2026-10.json'), CREDIT, { embedXml: true }));
    // Every header field long at once (set smaller, wrapped whole; two pages): still PDF/A-3b.
    add('long-fields-with-xml.pdf', await renderInvoicePdf(longFieldsInvoice(), { embedXml: true }));
    // Nordlys's October invoice with `from` replaced by `to` in its bytes (the same length, so the
    // file's offsets stay right); each test sees that `to` is in the file it checks.
    const nordlys = Buffer.from(await renderInvoicePdf(sample('nordlys-2026-10.json'))).toString('latin1');
    const altered = (name: string, from: string, to: string): string => write(name, Buffer.from(nordlys.replace(from, to), 'latin1'));
    const notPdfA = altered('bad.pdf', '<pdfaid:part>3<', '<pdfaid:part>9<');
    // One letter for another in the XMP's CreatorTool.
    const xmpUnlikeInfo = altered('xmp.pdf', '<xmp:CreatorTool>svc-', '<xmp:CreatorTool>svd-');
    await tool.prepare([...samples, notPdfA, xmpUnlikeInfo]);
    return { samples, notPdfA, xmpUnlikeInfo };
  }

  it('passes every sample invoice in da and en, with a logo, the credit notes, and PDFs carrying their XML', { timeout: 240_000 }, async () => {
    const files = (await pdfs()).samples;
    // PDFBox checked them all in one JVM; two runs of the tool at once, each on half of them, fill both cores.
    const { code, output } = await tool.check(files, 2);
    expect(output.split('\n').filter((l) => l && !l.startsWith('PASS '))).toEqual([]);
    expect(output.split('\n').filter((l) => l.startsWith('PASS '))).toHaveLength(files.length);
    expect(code).toBe(0);
  });

  /** The tool's check of an altered file that says `to`: its exit code and output, and, if asked, the tool's alone. */
  async function checkAltered(file: string, to: string, alsoAlone = false): Promise<PreflightResult & { alone?: PreflightResult }> {
    expect(readFileSync(file).toString('latin1')).toContain(to);
    return { ...(await tool.check([file])), ...(alsoAlone ? { alone: await tool.checkAlone([file]) } : {}) };
  }

  it('fails a PDF that is not PDF/A (the check can fail)', { timeout: 240_000 }, async () => {
    expect((await checkAltered((await pdfs()).notPdfA, '<pdfaid:part>9<')).code).toBe(1);
  });

  // The tool reads PDFBox's findings from the JVM's stdout and ignores its exit code: a JVM that
  // did not start (a JVM option of _preflight.ts it refused) would pass every file. Only PDFBox
  // compares the XMP with the Info dictionary; the qpdf part does not. The tool's whole output for
  // the file is also the same as with a JVM of the file's own (the tool as it is, no relay): a
  // relay of the batch's answers that lost, added or misplaced a finding fails here.
  it('fails a PDF whose XMP disagrees with its Info dictionary (PDFBox ran, with the JVM options of these tests)', { timeout: 240_000 }, async () => {
    const file = (await pdfs()).xmpUnlikeInfo;
    const { code, output, alone } = await checkAltered(file, '<xmp:CreatorTool>svd-', true);
    expect(output).toContain(`${file}: 7.2 Error on MetaData, CreatorTool present in the document catalog dictionary doesn't match with XMP information`);
    expect(code).toBe(1);
    expect(alone!.output).toContain(`${file}: 7.2 Error on MetaData`);
    expect(output).toBe(alone!.output);
    expect(code).toBe(alone!.code);
  });
});

describe('PDF/A-3b structure, read with qpdf and the XMP parsed with @xmldom/xmldom', () => {
  it('has XMP metadata that says what the Info dictionary says, an sRGB output intent and a document ID', async () => {
    for (const [name, pdf] of [
      ['invoice', await renderInvoicePdf(sample('nordlys-2026-10.json'))],
      ['credit note', await renderCreditNotePdf(sample('fjordline-2026-10.json'), CREDIT)],
    ] as const) {
      const view = new QpdfView(pdf);
      const info = view.info;
      const meta = view.get(view.catalog['/Metadata']);
      expect(meta['/Type']).toBe('/Metadata');
      expect(meta['/Subtype']).toBe('/XML');
      expect(meta['/Filter'], name).toBeUndefined();
      const xmp = parseXml(view.data(view.catalog['/Metadata'])).documentElement!;
      const one = (ns: string, local: string): string => {
        const found = xmp.getElementsByTagNameNS(ns, local);
        expect(found.length, `${name}: ${local}`).toBe(1);
        return found[0]!.textContent!.trim();
      };
      expect(one(XMP.dc, 'title')).toBe(str(info['/Title']));
      expect(one(XMP.dc, 'creator')).toBe(str(info['/Author']));
      expect(one(XMP.dc, 'description')).toBe(str(info['/Subject']));
      expect(one(XMP.pdf, 'Producer')).toBe(str(info['/Producer']));
      expect(one(XMP.xmp, 'CreatorTool')).toBe(str(info['/Creator']));
      expect(one(XMP.xmp, 'CreateDate')).toBe(pdfDateToIso(str(info['/CreationDate'])));
      expect(one(XMP.xmp, 'ModifyDate')).toBe(pdfDateToIso(str(info['/ModDate'])));
      expect(one(XMP.pdfaid, 'part')).toBe('3');
      expect(one(XMP.pdfaid, 'conformance')).toBe('B');
      expect(str(info['/Title'])).toBe(name === 'invoice' ? 'Faktura 2026-0142' : 'Invoice KN-2026-007'.replace('Invoice', 'Credit note'));
      expect(str(info['/CreationDate'])).toBe(name === 'invoice' ? 'D:20261103090000Z' : 'D:20261120000000Z');

      const intents = view.catalog['/OutputIntents'] as Array<Record<string, unknown>>;
      expect(intents).toHaveLength(1);
      expect(intents[0]!['/S']).toBe('/GTS_PDFA1');
      const profile = view.get(intents[0]!['/DestOutputProfile']);
      expect(profile['/N']).toBe(3);
      const icc = view.data(intents[0]!['/DestOutputProfile']);
      expect(icc.subarray(12, 20).toString('latin1')).toBe('mntrRGB ');
      expect(icc.readUInt32BE(0)).toBe(icc.length);

      const id = view.trailer['/ID'] as string[];
      expect(id).toHaveLength(2);
      expect(id[0]).toMatch(/^b:[0-9a-f]{32}$/);
    }
  });

  it('carries the e-invoice with embedXml: an associated file, /Alternative, application/xml, dated from the invoice, byte for byte the XML', async () => {
    for (const [name, inv, pdf, xml, file, date] of [
      ['invoice', sample('kattegat-2026-10.json'), await renderInvoicePdf(sample('kattegat-2026-10.json'), { embedXml: true }), renderInvoiceUbl(sample('kattegat-2026-10.json')), 'invoice-2026-0144.xml', 'D:20261103090000Z'],
      ['credit note', sample('nordlys-2026-10-void.json'), await renderCreditNotePdf(sample('nordlys-2026-10-void.json'), CREDIT, { embedXml: true, language: 'en' }), renderCreditNoteUbl(sample('nordlys-2026-10-void.json'), CREDIT, { language: 'en' }), 'credit-note-KN-2026-007.xml', 'D:20261120000000Z'],
    ] as const) {
      expect(inv.invoice_number.length, name).toBeGreaterThan(0);
      const view = new QpdfView(pdf);
      const af = view.catalog['/AF'] as string[];
      expect(af).toHaveLength(1);
      const spec = view.get(af[0]);
      expect(spec['/Type']).toBe('/Filespec');
      expect(spec['/AFRelationship']).toBe('/Alternative');
      expect(str(spec['/F'])).toBe(file);
      expect(str(spec['/UF'])).toBe(file);
      const names = ((view.catalog['/Names'] as Record<string, Record<string, unknown[]>>)['/EmbeddedFiles']!)['/Names']!;
      expect(names).toEqual([`u:${file}`, af[0]]);
      const ef = (spec['/EF'] as Record<string, string>)['/F'];
      const stream = view.get(ef);
      expect(stream['/Type']).toBe('/EmbeddedFile');
      // The name /application#2Fxml, which qpdf shows decoded.
      expect(stream['/Subtype']).toBe('/application/xml');
      const params = stream['/Params'] as Record<string, unknown>;
      expect(str(params['/ModDate'])).toBe(date);
      expect(params['/Size']).toBe(xml.length);
      expect(view.data(ef).equals(Buffer.from(xml))).toBe(true);
      expect(attachment(pdf, file).equals(Buffer.from(xml))).toBe(true);
    }
  });

  it('is the same bytes for the same input, with the XML inside too', async () => {
    const a = await renderInvoicePdf(sample('nordlys-2026-10.json'), { embedXml: true });
    const b = await renderInvoicePdf(sample('nordlys-2026-10.json'), { embedXml: true });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await renderCreditNotePdf(sample('nordlys-2026-10.json'), CREDIT);
    const d = await renderCreditNotePdf(sample('nordlys-2026-10.json'), CREDIT);
    expect(Buffer.from(c).equals(Buffer.from(d))).toBe(true);
  });

  it('has a document ID that changes with what the document shows, and stays the same for the same input', async () => {
    const id = async (inv: Parameters<typeof renderInvoicePdf>[0]): Promise<string> => (new QpdfView(await renderInvoicePdf(inv)).trailer['/ID'] as string[])[0]!;
    const base = await id(sample('nordlys-2026-10.json'));
    expect(await id(sample('nordlys-2026-10.json'))).toBe(base);
    // One letter of a line (a glyph the subset already holds) and a new letter (one it did not): each file differs, so does its ID.
    const letter = await id(variant('nordlys-2026-10.json', (j) => (j.lines[0]!.description = j.lines[0]!.description.replace('Core', 'Cora'))));
    const glyph = await id(variant('nordlys-2026-10.json', (j) => (j.lines[0]!.description += ' Ж')));
    expect(new Set([base, letter, glyph]).size).toBe(3);
  });

  it('refuses embedXml for a void invoice like the XML itself (a credit note replaces it)', async () => {
    await expect(renderInvoicePdf(sample('nordlys-2026-10-void.json'), { embedXml: true })).rejects.toThrow(/^status: /);
  });
});
