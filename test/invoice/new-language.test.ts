import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPdf } from './_pdf.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sampleFile = fileURLToPath(new URL('../../samples/invoices/nordlys-2026-10.json', import.meta.url));

/**
 * "Adding a language is adding a locale file", as a user would do it: a copy of the built
 * package (dist/ is built by the global setup) gets a third file, locales/de.json, and the
 * installed `svc` renders in German. The shared locales/ folder is never touched.
 */
let pkg: string;
beforeAll(() => {
  pkg = mkdtempSync(join(tmpdir(), 'svc-new-language-'));
  for (const part of ['dist', 'templates', 'locales', 'package.json']) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  const de = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8')) as { code: string; name: string; invoice: Record<string, unknown> };
  de.code = 'de';
  de.name = 'Deutsch';
  Object.assign(de.invoice, { title: 'Rechnung', page: 'Seite {{page}} von {{pages}}', continued: 'Rechnung {{number}} (Fortsetzung)' });
  Object.assign(de.invoice.totals as Record<string, string>, { total: 'Gesamtbetrag', vat: 'MwSt. {{rate}}' });
  writeFileSync(join(pkg, 'locales/de.json'), JSON.stringify(de, null, 2));
});
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

describe('a third language', () => {
  it('is used by svc invoices render --language de once locales/de.json exists', async () => {
    const out = join(pkg, 'rechnung.pdf');
    execFileSync(process.execPath, [join(pkg, 'dist/cli/main.js'), 'invoices', 'render', sampleFile, '--language', 'de', '-o', out], { cwd: pkg });
    const pdf = await readPdf(readFileSync(out));
    expect(pdf.info.Title).toBe('Rechnung 2026-0142');
    expect(pdf.info.Language).toBe('de');
    const lines = pdf.pages[0]!.lines;
    expect(lines).toContain('Rechnung');
    expect(lines.some((l) => l.startsWith('Gesamtbetrag '))).toBe(true);
    expect(lines.some((l) => l.startsWith('MwSt. 25%'))).toBe(true);
    expect(lines.some((l) => l.endsWith('Seite 1 von 1'))).toBe(true);
  });

  it('is listed among the available languages when another is refused', () => {
    const r = spawnSync(process.execPath, [join(pkg, 'dist/cli/main.js'), 'invoices', 'render', sampleFile, '--language', 'fr'], { cwd: pkg, encoding: 'utf8' });
    // A bad flag value exits 2, as in every command (issue 14).
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('svc: --language: unknown language "fr"; available: da, de, en');
  });
});
