/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page.evaluate callbacks below run in the browser: the DOM types are for them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFrontPage } from '../../src/runner/pages/front-page.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { openFile, type Browser } from './_browser.js';

// The month-end's index.html in Debian's chromium at a desktop's, a laptop's, a tablet's and a
// phone's width: the page itself never scrolls sideways (wide tables scroll in their own box), and
// an organization invoiced in DKK, EUR and USD shows each currency's figure whole on a line of its own.
// front-page.browser.test.ts declares these tests with its chromium and its Danish demo: in a file
// of their own they started a second chromium and ran a second demo (about 2 s of CPU).

const WIDTHS = [1280, 1024, 800, 390];

/** What the width tests read: the test file's chromium, its temporary folder, and its Danish demo's month folder. */
export interface WidthsFixture {
  browser(): Browser;
  tmp(): string;
  demoDa(): Promise<string>;
}

/** How far the page scrolls sideways at each width (0: not at all), and the width of each table's box. */
async function sideways(browser: Browser, file: string) {
  const { page, incidents } = await openFile(browser, file);
  const out: Array<{ width: number; overflow: number; boxes: number[] }> = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    out.push({
      width,
      ...(await page.evaluate(() => ({
        overflow: document.scrollingElement!.scrollWidth - innerWidth,
        boxes: [...document.querySelectorAll('table')].map((t) => (t.parentElement as HTMLElement).getBoundingClientRect().right),
      }))),
    });
  }
  expect(incidents).toEqual([]);
  return { page, out };
}

/** Declares the width tests (in the calling test file) on `fixture`. */
export function describeWidths(fixture: WidthsFixture): void {
  describe('the front page at 1280, 1024, 800 and 390 px', () => {
    it("the demo's page never scrolls sideways; its tables stay inside the page", async () => {
      // The Danish demo's month folder (the demo's exit code 0 is checked where it is run).
      const { out: widths } = await sideways(fixture.browser(), join(await fixture.demoDa(), 'index.html'));
      for (const w of widths) {
        expect(w.overflow, `${w.width} px`).toBeLessThanOrEqual(0);
        for (const right of w.boxes) expect(right, `${w.width} px`).toBeLessThanOrEqual(w.width);
      }
    }, 90_000);

    it('an organization with DKK, EUR and USD invoices: each currency on its own line, whole, and every column in view', async () => {
      const inv = (n: string, currency: string, net: number, vat: number, rate: string | null, status: 'issued' | 'void' = 'issued') =>
        ({ id: n, invoice_number: n, status, period_start: '2026-10-01', period_end: '2026-10-31', currency, subtotal_cents: net, vat_cents: vat, total_cents: net + vat, usd_dkk_rate: rate, files: [] });
      const organizations: Manifest['organizations'] = [
        {
          org_id: 'org-nordlys-analytics-international', name: 'Nordlys Analytics International Holding ApS', folder: 'org-n', status: 'ok', parts: [{ part: 'invoices', status: 'ok' }, { part: 'cost_workbook', status: 'ok' }],
          invoices: [inv('2026-0142', 'DKK', 4_840_852, 1_210_213, null), inv('2026-0143', 'EUR', 118_600, 29_650, null), inv('2026-0144', 'USD', 99_920, 24_980, '6.8512'), inv('2026-0145', 'DKK', 80_000, 20_000, null, 'void')],
          cost: { usage_dkk: '48123.45', usage_usd: '7012.5', rate_estimated: false, plan_dkk_cents: 1_639_400, total_dkk: '64517.45', months: [{ month: '2026-09', usage_dkk: '40000', rate_estimated: false }, { month: '2026-10', usage_dkk: '48123.45', rate_estimated: false }] },
        },
        { org_id: 'org-b', name: 'B', folder: 'org-b', status: 'ok', parts: [{ part: 'invoices', status: 'ok' }], invoices: [inv('B-1', 'DKK', 8_000, 2_000, null)], cost: null },
      ];
      const manifest = {
        manifest_version: 1 as const, tool: { name: 'svc' as const, version: '9.9.9' }, month: '2026-10', base_url: 'http://127.0.0.1:1', started_at: '2026-11-01T08:00:00.000Z', finished_at: '2026-11-01T08:00:09.000Z',
        interrupted: false, options: { concurrency: 4, language: null, with_service_pdf: false }, organizations, partner: null,
      };
      const file = join(fixture.tmp(), 'three-currencies.html');
      await writeFile(file, renderFrontPage({ manifest, files: [] }, 'en'));
      const { page, out } = await sideways(fixture.browser(), file);
      for (const w of out) expect(w.overflow, `${w.width} px`).toBeLessThanOrEqual(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const row = await page.evaluate(() => {
          const cells = [...document.querySelector('#o0 tr.org')!.children] as HTMLElement[];
          return {
            // Net, VAT, total: each currency's figure, and how many lines it takes.
            figures: cells.slice(3, 6).map((c) => [...c.querySelectorAll('.cur')].map((s) => ({ text: (s as HTMLElement).innerText, lines: s.getClientRects().length, height: s.getBoundingClientRect().height }))),
            lines: cells.slice(3, 6).map((c) => c.innerText.split('\n')),
            // Where the table does not scroll in a box, its last columns are on the page.
            rights: cells.map((c) => c.getBoundingClientRect().right),
            box: (() => {
              const box = document.querySelector('#orgs')!.parentElement!;
              return { scrolls: box.scrollWidth > box.clientWidth, right: box.getBoundingClientRect().right };
            })(),
            lineHeight: parseFloat(getComputedStyle(cells[3]!).lineHeight),
          };
        });
        // Figures by hand: DKK 48,408.52 + 12,102.13 = 60,510.65; EUR 1,186.00 + 296.50 = 1,482.50; USD 999.20 + 249.80 = 1,249.00.
        expect(row.lines, `${width} px`).toEqual([
          ['DKK 48,408.52', 'EUR 1,186.00', 'USD 999.20'],
          ['DKK 12,102.13', 'EUR 296.50', 'USD 249.80'],
          ['DKK 60,510.65', 'EUR 1,482.50', 'USD 1,249.00'],
        ]);
        for (const cell of row.figures) for (const f of cell) expect(f.height, `${width} px: "${f.text}" on one line`).toBeLessThan(row.lineHeight * 1.5);
        expect(row.box.right, `${width} px`).toBeLessThanOrEqual(width);
        if (width >= 1024) {
          // Room enough: the whole table in view, total, cost and files included.
          expect(row.box.scrolls, `${width} px`).toBe(false);
          for (const right of row.rights) expect(right, `${width} px`).toBeLessThanOrEqual(width);
        }
      }
    }, 60_000);
  });
}
