import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/runner/progress/progress-reporter.js';
import type { MonthEndProgress } from '../../src/runner/run/run-month-end.js';
import type { OrgOutcome } from '../../src/runner/manifest/manifest.js';

function sink(isTTY: boolean) {
  const s = { text: '', isTTY, columns: 120, write: (t: string) => ((s.text += t), true) };
  return s;
}

const failed: OrgOutcome = { org_id: 'org-b', name: 'B', folder: 'org-b', status: 'failed', error: 'invoices: 500: boom\u001b[31m', parts: [{ part: 'invoices', status: 'failed', reason: '500: boom\u001b[31m' }], invoices: [], cost: null };
const ok: OrgOutcome = { org_id: 'org-a', name: 'A', folder: 'org-a', status: 'ok', parts: [{ part: 'invoices', status: 'ok' }], invoices: [{ id: 'i', invoice_number: '1', status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31', currency: 'DKK', subtotal_cents: 1, vat_cents: 0, total_cents: 1, usd_dkk_rate: null, files: ['a', 'b'] }], cost: null };
const at = (done: number, documents: number, errors: number, organization?: OrgOutcome): MonthEndProgress => ({
  event: organization ? 'organization' : 'file', organizations_total: 2, organizations_done: done, documents, errors, elapsed_ms: 2000, ...(organization ? { organization } : {}),
});

describe('progress on stderr', () => {
  it('draws a bar in place on a terminal, with failures on their own line', () => {
    const out = sink(true);
    const r = progressReporter(out);
    r.onProgress(at(1, 2, 0, ok));
    r.onProgress(at(2, 2, 1, failed));
    r.done();
    expect(out.text).toContain('\r\u001b[2K[##########..........] 1/2 orgs · 2 docs · 0 failed · 1.0 docs/s');
    expect(out.text).toContain('org-b failed');
    expect(out.text).toContain('2/2 orgs');
    expect(out.text.endsWith('\n')).toBe(true);
    expect(out.text).not.toContain('\u001b[31m'); // API text never carries terminal escapes
  });

  it('writes one plain line per organization otherwise', () => {
    const out = sink(false);
    const r = progressReporter(out);
    r.onProgress(at(0, 1, 0));
    r.onProgress(at(1, 2, 0, ok));
    r.onProgress(at(2, 2, 1, failed));
    r.done();
    expect(out.text.split('\n').filter(Boolean)).toEqual([
      '[1/2] org-a ok: 1 invoice, 2 invoice files (2 documents, 1.0 docs/s)',
      '[2/2] org-b failed: 0 invoices, 0 invoice files; invoices failed: 500: boom\\x1b[31m (2 documents, 1.0 docs/s)',
    ]);
    expect(out.text).not.toContain('\r');
  });
});
