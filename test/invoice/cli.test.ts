import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allText, readPdf } from './_pdf.js';
import { solidPng } from './_png.js';
import { FIXTURES, SAMPLES } from './_samples.js';
import { svc } from '../_harness/index.js';

const sampleFile = (name: string) => fileURLToPath(new URL(name, SAMPLES));
const fixture = (name: string) => fileURLToPath(new URL(name, FIXTURES));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-invoice-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('svc invoices render', () => {
  it('renders a file to <invoice number>.pdf in the working folder, in the invoice language', async () => {
    const r = await svc(['invoices', 'render', sampleFile('nordlys-2026-10.json')], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote 2026-0142\.pdf \(\d+ bytes\)\n$/);
    const text = allText(await readPdf(readFileSync(join(dir, '2026-0142.pdf'))));
    expect(text).toContain('I alt at betale 31.740,28 DKK');
  });

  it('reads stdin with "-", honours -o, --language, --logo and --accent', async () => {
    writeFileSync(join(dir, 'logo.png'), solidPng(30, 10, [0, 0, 0]));
    const json = readFileSync(sampleFile('nordlys-2026-09.json'), 'utf8');
    const r = await svc(['invoices', 'render', '-', '-o', 'out/sept.pdf', '--language', 'en', '--logo', 'logo.png', '--accent', '#0b6e4f'], { cwd: dir, stdin: json });
    expect(r.code).toBe(0);
    const pdf = await readPdf(readFileSync(join(dir, 'out/sept.pdf')));
    expect(allText(pdf)).toContain('Total due DKK 26,890.80');
    expect(pdf.pages[0]!.images).toBe(1);
  });

  it('writes the PDF to stdout with -o -', async () => {
    const r = await svc(['invoices', 'render', sampleFile('fjordline-2026-10.json'), '-o', '-'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdoutBytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reports on stderr figures that do not reconcile, exits 1 and writes no PDF asking a wrong amount', async () => {
    const r = await svc(['invoices', 'render', fixture('vat-off-by-one.json'), '-o', 'warn.pdf'], { cwd: dir });
    expect(r.code).toBe(1);
    // VAT and total were both raised by 1 øre: the VAT is off, the total still adds up.
    expect(r.stderr).toBe('svc: error: vat_cents 537817 != round(subtotal_cents 2151264 × vat_rate_bps 2500 / 10000) = 537816 [vat]\nsvc: invoice 2026-0098: 1 error (above: vat); no file written\n');
    expect(readdirSync(dir)).not.toContain('warn.pdf');
  });

  // A bad record is bad input (exit 1); a bad flag value is a wrong command line (exit 2, as in every command).
  const bad: Array<[string, string[], RegExp, 1 | 2]> = [
    ['not JSON', [fixture('not-json.json')], /^svc: invoice .*not-json\.json: field \$: not valid JSON/, 1],
    ['a missing field', [fixture('missing-total.json')], /field total_cents: missing/, 1],
    ['a mistyped field', [fixture('quantity-as-string.json')], /field lines\[2\]\.quantity: /, 1],
    ['an unknown currency', [fixture('unknown-currency.json')], /field currency: /, 1],
    ['an unknown invoice language', [fixture('unknown-language.json')], /field language: /, 1],
    ['an unsafe integer', [fixture('unsafe-integer.json')], /field subscription_subtotal_cents: /, 1],
    ['an unknown --language', [sampleFile('nordlys-2026-10.json'), '--language', 'de'], /^svc: --language: unknown language "de"; available: da, en$/, 2],
    ['a bad --accent', [sampleFile('nordlys-2026-10.json'), '--accent', 'blue'], /^svc: --accent: expected #rrggbb/, 2],
    ['a --logo that is no image', [sampleFile('nordlys-2026-10.json'), '--logo', fixture('not-json.json')], /^svc: --logo: .* is not a PNG or JPEG image$/, 2],
    ['a missing --logo file', [sampleFile('nordlys-2026-10.json'), '--logo', 'nope.png'], /^svc: --logo: cannot read nope\.png \(ENOENT\)$/, 2],
    // A field the PDF cannot print whole: the record is wrong for a PDF (exit 1), said by the field.
    ['a buyer name in Chinese', [fixture('cjk-buyer-name.json')], /^svc: cannot make the PDF: buyer\.legal_name: has characters the PDF's fonts \(DejaVu Sans\) have no glyph for: U\+5317 "北", .*; it would print as boxes; no file written$/, 1],
    ['a 5,000-character buyer name', [fixture('buyer-name-5000.json')], /^svc: cannot make the PDF: buyer\.legal_name: too long to print in full: its 5004 characters take \d+ lines at 7 pt, .*; no file written$/, 1],
    ['a missing invoice file', ['nope.json'], /^svc: invoice file nope\.json: there is no such file \(give an invoice JSON file, - for stdin, or an invoice id or number as "svc invoices get" takes\)$/, 1],
  ];
  for (const [what, args, message, code] of bad) {
    it(`refuses ${what}: one line naming it, exit ${code}, the existing output untouched, no temp file`, async () => {
      const target = join(dir, 'keep.pdf');
      copyFileSync(sampleFile('nordlys-2026-10.json'), target);
      const before = readdirSync(dir).sort();
      const r = await svc(['invoices', 'render', ...args, '-o', 'keep.pdf'], { cwd: dir });
      expect(r.code).toBe(code);
      const lines = r.stderr.trimEnd().split('\n');
      // A wrong command line adds the pointer to --help on a second line.
      expect(lines).toEqual(code === 1 ? [expect.stringMatching(message)] : [expect.stringMatching(message), 'Run "svc invoices render --help" for usage.']);
      expect(readFileSync(target)).toEqual(readFileSync(sampleFile('nordlys-2026-10.json')));
      expect(readdirSync(dir).sort()).toEqual(before);
    });
  }
});

describe('svc invoices render: an error finding stops every format; --strict stops a warning too', () => {
  const treatments = (name: string): string => fileURLToPath(new URL(`../vat-treatments/${name}`, SAMPLES));

  it('exits 1 naming the code and writes no file when checkInvoice finds an error, with or without --strict', async () => {
    for (const flags of [['--strict'], []]) {
      const r = await svc(['invoices', 'render', treatments('usd-vat-without-rate-2026-09.json'), ...flags, '-o', 'refused.pdf'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^svc: error: VAT is charged in USD but usd_dkk_rate is missing.* \[vat_not_in_dkk\]\n/);
      expect(r.stderr).toMatch(/\nsvc: invoice 2026-0130: 1 error \(above: vat_not_in_dkk\); no file written\n$/);
      expect(readdirSync(dir)).not.toContain('refused.pdf');
    }
    const clean = await svc(['invoices', 'render', treatments('eu-reverse-charge-2026-10.json'), '--strict', '-o', 'clean.pdf'], { cwd: dir });
    expect([clean.code, clean.stderr]).toEqual([0, '']);
  });

  it('a warning: printed and rendered (exit 0); with --strict exit 1 and no file', async () => {
    const json = JSON.parse(readFileSync(treatments('eu-reverse-charge-2026-10.json'), 'utf8'));
    Object.assign(json.buyer, { vat: 'GR094014201', country: 'Greece', city: 'Athina', postal_code: '10431' });
    const loose = await svc(['invoices', 'render', '-', '-o', 'warned.pdf'], { cwd: dir, stdin: JSON.stringify(json) });
    expect(loose.code).toBe(0);
    expect(loose.stderr).toMatch(/^svc: warning: .*Greek VAT numbers start with EL, not GR \[greek_vat_prefix\]\n$/);
    expect(readdirSync(dir)).toContain('warned.pdf');
    const strict = await svc(['invoices', 'render', '-', '--strict', '-o', 'strict.pdf'], { cwd: dir, stdin: JSON.stringify(json) });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/svc: invoice .*: 1 warning \(--strict\) \(above: greek_vat_prefix\); no file written\n$/);
    expect(readdirSync(dir)).not.toContain('strict.pdf');
  });

  it('refuses an illegible --accent by name', async () => {
    const r = await svc(['invoices', 'render', sampleFile('nordlys-2026-10.json'), '--accent', '#808080', '-o', 'grey.pdf'], { cwd: dir });
    // A bad flag value exits 2, as in every command (issue 14).
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^svc: --accent: #808080 gives text too little contrast/);
    expect(readdirSync(dir)).not.toContain('grey.pdf');
  });
});
