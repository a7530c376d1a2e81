import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { checkInvoice } from '../../src/invoice/index.js';
import { SAMPLES, sample, variant } from './_samples.js';

describe('checkInvoice', () => {
  it('finds nothing on any sample invoice', () => {
    const names = readdirSync(SAMPLES).filter((f) => f.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) expect(checkInvoice(sample(name)), name).toEqual([]);
  });

  it('reports each figure that does not reconcile, naming fields and amounts', () => {
    const bad = variant('nordlys-2026-10.json', (j) => {
      j.lines[1]!.line_total_cents += 1; // 6 × 39900 != 239401
      j.lines[4]!.line_total_cents -= 2; // providers no longer sum to the usage line
      j.subtotal_cents += 100;
      j.total_cents += 5;
    });
    const findings = checkInvoice(bad);
    expect(findings.map((f) => f.code).sort()).toEqual(['line_total', 'provider_sum', 'subtotal', 'total', 'vat']);
    const byCode = Object.fromEntries(findings.map((f) => [f.code, f.message]));
    expect(byCode.line_total).toContain('line_total_cents 239401 != quantity 6 × unit_price_cents 39900 = 239400');
    expect(byCode.provider_sum).toContain('provider lines sum to 845820, not its line_total_cents 845822');
    expect(byCode.subtotal).toContain('subtotal_cents 2539322 != subscription_subtotal_cents 1639400 + usage_subtotal_cents 899822 = 2539222');
    expect(byCode.vat).toContain('vat_cents 634806 != round(subtotal_cents 2539322 × vat_rate_bps 2500 / 10000) = 634831');
    expect(byCode.total).toContain('total_cents 3174033 != subtotal_cents 2539322 + vat_cents 634806 = 3174128');
  });

  it('rounds VAT half up: 2 øre at 25 % is 1 øre, 1 øre is 0', () => {
    const at = (subtotal: number, vat: number) =>
      checkInvoice(
        variant('fjordline-2026-10.json', (j) => {
          j.lines = [];
          j.subscription_subtotal_cents = subtotal;
          j.usage_subtotal_cents = 0;
          j.subtotal_cents = subtotal;
          j.vat_rate_bps = 2500;
          j.vat_cents = vat;
          j.total_cents = subtotal + vat;
        }),
      );
    expect(at(2, 1)).toEqual([]);
    expect(at(1, 0)).toEqual([]);
    expect(at(2, 0).map((f) => f.code)).toEqual(['vat']);
  });

  it('reports provider lines with no usage line above them', () => {
    const bad = variant('fjordline-2026-10.json', (j) => {
      j.lines = [j.lines[3]!, ...j.lines.slice(0, 3)];
      j.lines.forEach((l, i) => (l.sort_order = i + 1));
    });
    expect(checkInvoice(bad).map((f) => f.code)).toContain('provider_orphan');
  });
});
