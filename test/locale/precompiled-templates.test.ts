// The package's templates are precompiled at build (src/locale/_write-precompiled.ts) and run on
// handlebars/runtime: the built table holds every templates/**/*.hbs as it is now, each renders
// exactly what Handlebars' own compiler makes of the same file, any other text is still compiled
// at run time, and code that renders an invoice and a summary loads no Handlebars compiler.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { render, renderHtml } from '../../src/locale/translate.js';
import type { Manifest, OrgOutcome } from '../../src/runner/index.js';
import { summaryView } from '../../src/runner/pages/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const load = createRequire(import.meta.url);
const Handlebars = load('handlebars') as typeof import('handlebars');
const template = (name: string) => readFileSync(`${ROOT}templates/${name}`, 'utf8');

describe('templates precompiled at build', () => {
  it('dist/ holds every templates/**/*.hbs with its current text, *.html.hbs HTML-escaped', () => {
    const built = load(`${ROOT}dist/locale/_precompiled-templates.cjs`) as Record<string, { html: boolean; source: string }>;
    const files = readdirSync(`${ROOT}templates`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.hbs')).sort();
    expect(files).toEqual(['invoice/footer.hbs', 'invoice/payment-terms.hbs', 'runner/index.html.hbs', 'runner/summary.md.hbs']);
    expect(Object.keys(built).sort()).toEqual(files);
    for (const f of files) expect({ f, html: built[f]!.html, same: built[f]!.source === template(f) }).toEqual({ f, html: f.endsWith('.html.hbs'), same: true });
  });

  // Handlebars' own compiler with the options translate.ts compiles with is the reference.
  const reference = (name: string, view: object, html = false) => Handlebars.compile(template(name), html ? { strict: true } : { noEscape: true, strict: true })(view);

  it('the invoice blocks render as Handlebars compiles them, both branches of each', () => {
    const terms = { payBy: 'Pay by 17 Nov with reference 2026-0142.', payByNoReference: 'Pay by 17 Nov.', bank: 'Bank: 1234 5678', questions: 'Questions: a@b.dk' };
    for (const view of [{ ...terms, reference: '2026-0142' }, { ...terms, reference: '' }]) {
      expect(render(template('invoice/payment-terms.hbs'), view)).toBe(reference('invoice/payment-terms.hbs', view));
    }
    // "<b> & co": noEscape, as a PDF shows it.
    for (const view of [{ seller: 'Nordlys <b> & co ApS', email: 'faktura@nordlys.dk' }, { seller: 'Nordlys ApS', email: '' }]) {
      const out = render(template('invoice/footer.hbs'), view);
      expect(out).toBe(reference('invoice/footer.hbs', view));
      expect(out).toContain(view.seller);
    }
  });

  it('summary.md renders as Handlebars compiles it (English and Danish, an interrupted run, an organization without invoices)', () => {
    const org = (id: string, language: string, invoices: OrgOutcome['invoices']): OrgOutcome => ({
      org_id: id, name: `Org ${id} | *x*`, folder: id, status: 'ok', parts: [{ part: 'invoices', status: 'ok' }], invoices, cost: null, language,
    });
    const manifest: Omit<Manifest, 'files' | 'summary' | 'figures'> = {
      ...summaryManifest(),
      interrupted: true,
      organizations: [
        org('a', 'en', [{ id: 'i1', invoice_number: 'A-1', status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31', due_at: '2026-11-17', currency: 'USD', subtotal_cents: 10001, vat_cents: 2500, total_cents: 12501, usd_dkk_rate: '6.8512', files: [] }]),
        org('b', 'da', []),
      ],
    };
    for (const language of ['en', 'da']) {
      const view = summaryView(manifest, language);
      expect(render(template('runner/summary.md.hbs'), view)).toBe(reference('runner/summary.md.hbs', view));
    }
  });

  it('a text the build did not precompile is compiled at run time, escaped or not as asked', () => {
    expect(render('{{#if a}}<{{a}}>{{else}}none{{/if}}', { a: 'x&y' })).toBe('<x&y>');
    expect(renderHtml('{{#if a}}<{{a}}>{{/if}}', { a: 'x&y' })).toBe('<x&amp;y>');
    // strict, as before: a missing field is an error, not an empty string.
    expect(() => render('{{#if a}}{{b}}{{/if}}', { a: 1 })).toThrow(/"b" not defined/);
  });

  it('rendering an invoice PDF and a summary loads handlebars/runtime, not its compiler', async () => {
    // A worker thread has a module cache of its own: what the built code loads, nothing this file did.
    const code = `
      const { createRequire } = require('node:module');
      const { parentPort, workerData } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      (async () => {
        const { renderInvoicePdf } = await import(workerData.root + 'dist/invoice/index.js');
        const { renderSummary } = await import(workerData.root + 'dist/runner/pages/index.js');
        const invoice = JSON.parse(readFileSync(workerData.root + 'samples/invoices/nordlys-2026-10.json', 'utf8'));
        const pdf = await renderInvoicePdf(invoice, { language: 'da' });
        const md = renderSummary(workerData.manifest, 'en');
        const loaded = Object.keys(createRequire(workerData.root).cache).filter((p) => p.includes('/node_modules/handlebars/'));
        parentPort.postMessage({ pdfBytes: pdf.length, md: md.slice(0, 60), loaded });
      })().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));`;
    const manifest = { ...summaryManifest(), organizations: [] };
    const result = await new Promise<{ error?: string; pdfBytes: number; md: string; loaded: string[] }>((resolve, reject) => {
      const w = new Worker(code, { eval: true, workerData: { root: ROOT, manifest } });
      w.once('message', (m) => void w.terminate().then(() => resolve(m)));
      w.once('error', reject);
    });
    expect(result.error).toBeUndefined();
    expect(result.pdfBytes).toBeGreaterThan(1000);
    expect(result.md).toContain('# ');
    expect(result.loaded.some((p) => p.endsWith('/handlebars/runtime.js'))).toBe(true);
    expect(result.loaded.filter((p) => p.includes('/compiler/') || p.endsWith('/dist/cjs/handlebars.js'))).toEqual([]);
  });
});

function summaryManifest(): Omit<Manifest, 'files' | 'summary' | 'figures'> {
  return {
    manifest_version: 1, tool: { name: 'svc', version: '9.9.9' }, month: '2026-10', base_url: 'http://x', started_at: '2026-11-03T10:00:00.000Z', finished_at: '2026-11-03T10:01:00.000Z',
    interrupted: false, options: { concurrency: 4, language: null, with_service_pdf: false }, partner: null, organizations: [],
  };
}
