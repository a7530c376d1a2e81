import { Decimal } from '../../money/index.js';
import { formatNumber, type Locale } from '../../locale/index.js';
import { escapeHtml } from './_html.js';
import type { MonthCost } from '../manifest/manifest.js';

// Charts of the front page, as inline SVG. Geometry is display only (numbers of pixels); every
// figure shown as text comes from the exact decimals. Bars at an estimated rate are hatched and
// the others solid, which survives greyscale printing.

/** One bar of the cost chart. */
export interface CostBar {
  value: Decimal;
  estimated: boolean;
  /** Shown under the bar (few bars) and in its tooltip. */
  label: string;
  /** The tooltip: name and formatted figure. */
  title: string;
}

/** Up to this many bars get their name and value written beside them; more are tooltips only. */
const LABELLED_BARS = 20;
const WIDTH = 720;

const px = (n: number) => String(Math.round(n * 100) / 100);

/** An axis from 0 to a round top (1, 2, 2.5 or 5 times a power of ten per step, at most 5 steps). */
export function niceAxis(max: number): { top: number; step: number } {
  if (!(max > 0)) return { top: 0, step: 0 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

const whole = (n: number, locale: Locale) => formatNumber(new Decimal(n), locale, n % 1 === 0 ? 0 : 1);

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/** Column chart of each organization's cost in DKK, highest first; one `rect.bar` per organization. */
export function costChart(bars: CostBar[], locale: Locale, caption: string): string {
  const sorted = [...bars].sort((a, b) => b.value.comparedTo(a.value) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const labelled = sorted.length <= LABELLED_BARS;
  const left = 64;
  const top = 20;
  const plotH = 200;
  const height = top + plotH + (labelled ? 100 : 10);
  const plotW = WIDTH - left - 8;
  const { top: axisTop, step } = niceAxis(sorted[0]?.value.toNumber() ?? 0);
  const base = top + plotH;
  const out: string[] = [`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(caption)}">`];
  out.push(`<text class="unit" x="${left - 8}" y="10" text-anchor="end">DKK</text>`);
  for (let v = 0; step > 0 && v <= axisTop + step / 2; v += step) {
    const y = px(base - (v / axisTop) * plotH);
    out.push(`<line class="grid" x1="${left}" x2="${WIDTH - 8}" y1="${y}" y2="${y}"/><text class="tick" x="${left - 6}" y="${y}" dy="4" text-anchor="end">${escapeHtml(whole(v, locale))}</text>`);
  }
  // A few organizations get bars of a readable width, not the whole plot each.
  const slot = Math.min(plotW / Math.max(sorted.length, 1), 90);
  const gap = slot >= 8 ? Math.min(slot * 0.25, 16) : 0;
  sorted.forEach((b, i) => {
    const h = axisTop > 0 ? (Math.max(b.value.toNumber(), 0) / axisTop) * plotH : 0;
    const x = left + i * slot + gap / 2;
    const cx = px(x + (slot - gap) / 2);
    out.push(`<rect class="bar${b.estimated ? ' est' : ''}" x="${px(x)}" y="${px(base - h)}" width="${px(slot - gap)}" height="${px(h)}"><title>${escapeHtml(b.title)}</title></rect>`);
    if (labelled) {
      out.push(`<text class="val" x="${cx}" y="${px(base - h - 4)}" text-anchor="middle">${escapeHtml(formatNumber(b.value, locale, 0))}</text>`);
      out.push(`<text class="name" transform="translate(${cx} ${base + 12}) rotate(-35)" text-anchor="end">${escapeHtml(cut(b.label, 26))}</text>`);
    }
  });
  out.push(`<line class="axis" x1="${left}" x2="${WIDTH - 8}" y1="${base}" y2="${base}"/></svg>`);
  return out.join('');
}

// The small per-organization chart: one slot per month of the year up to the run's month. The
// month names and the baseline are drawn once (`monthAxis`) and used by every chart.
const M_LEFT = 52;
const M_SLOT = 26;
const M_TOP = 10;
const M_PLOT = 44;
const M_HEIGHT = M_TOP + M_PLOT + 16;

function monthWidth(months: number): number {
  return M_LEFT + months * M_SLOT + 4;
}

/** The shared month labels and baseline of the month charts (`<use href="#mx">`), for a run month `YYYY-MM`. */
export function monthAxis(runMonth: string, locale: Locale): string {
  const months = Number(runMonth.slice(5, 7));
  const base = M_TOP + M_PLOT;
  const labels = locale.format.monthsShort.slice(0, months).map((name, i) => `<text x="${M_LEFT + i * M_SLOT + M_SLOT / 2}" y="${M_HEIGHT - 3}" text-anchor="middle">${escapeHtml(name.replace(/\.$/, ''))}</text>`);
  // Attributes, not classes: the page's style sheet does not reach into a <use>'s copy.
  return `<g id="mx" font-size="10" fill="#56616d"><line x1="${M_LEFT}" x2="${monthWidth(months)}" y1="${base}" y2="${base}" stroke="#1b2530"/><text x="${M_LEFT - 4}" y="${base}" dy="3" text-anchor="end">0</text>${labels.join('')}</g>`;
}

/**
 * One organization's usage in DKK per month: each month a bar drawn as a thick vertical stroke
 * (a few bytes each, for a page of a thousand such charts), hatched when the rate is estimated;
 * `–` where the month has no rate. `caption` (with every month's figure) is its tooltip.
 */
export function monthChart(runMonth: string, months: readonly MonthCost[], locale: Locale, caption: string): string {
  const count = Number(runMonth.slice(5, 7));
  const year = runMonth.slice(0, 4);
  const slotOf = (m: string) => (m.slice(0, 4) === year ? Number(m.slice(5, 7)) - 1 : -1);
  const shown = months.filter((m) => slotOf(m.month) >= 0 && slotOf(m.month) < count);
  const max = Math.max(0, ...shown.map((m) => (m.usage_dkk === null ? 0 : Number(m.usage_dkk))));
  const { top } = niceAxis(max);
  const base = M_TOP + M_PLOT;
  const paths = { solid: '', est: '' };
  const marks: string[] = [];
  for (const m of shown) {
    const cx = M_LEFT + slotOf(m.month) * M_SLOT + M_SLOT / 2;
    if (m.usage_dkk === null) {
      marks.push(`<text class="tick" x="${cx}" y="${base - 3}" text-anchor="middle">–</text>`);
      continue;
    }
    const h = top > 0 ? Math.round((Math.max(Number(m.usage_dkk), 0) / top) * M_PLOT * 10) / 10 : 0;
    if (h > 0) paths[m.rate_estimated ? 'est' : 'solid'] += `M${cx} ${base}v${-h}`;
  }
  const width = monthWidth(count);
  return [
    `<svg class="mc" viewBox="0 0 ${width} ${M_HEIGHT}" width="${width}" height="${M_HEIGHT}" role="img"><title>${escapeHtml(caption)}</title><use href="#mx"/>`,
    top > 0 ? `<line class="grid" x1="${M_LEFT}" x2="${width}" y1="${M_TOP}" y2="${M_TOP}"/><text class="tick" x="${M_LEFT - 4}" y="${M_TOP}" dy="3" text-anchor="end">${escapeHtml(whole(top, locale))}</text>` : '',
    paths.solid ? `<path class="mb" d="${paths.solid}"/>` : '',
    paths.est ? `<path class="mb est" d="${paths.est}"/>` : '',
    ...marks,
    '</svg>',
  ].join('');
}
