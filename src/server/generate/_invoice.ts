import { compareText } from '../../core/index.js';
import { Decimal, vatFromBps } from '../../money/index.js';
import { allocateMinor } from '../../money/index.js';
import type { RawOrg, RawPrice } from '../dataset/_schema.js';
import { formatMicro } from '../_micro.js';
import { addMonths, formatDay, monthEnd, parseDay } from '../_days.js';
import { seededUuid } from './_prng.js';
import { createHash } from 'node:crypto';
import { gs1CheckDigit } from '../../check/index.js';

export const SELLER = {
  legal_name: 'Serviceværket ApS',
  address: 'Strandgade 12, 1401 København K, Danmark',
  cvr: '41234567',
  vat: 'DK41234567',
  email: 'faktura@servicevaerket.dk',
  bank: 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK',
};

/**
 * A generated buyer's identifiers, from its org id (not the seed's random stream, so the rest of
 * a dataset is as before): an 8-digit CVR number with its DK VAT number, and for one buyer in
 * four an EAN location number with a valid GS1 check digit, as a public buyer on NemHandel has.
 */
function buyerIds(orgId: string): { cvr: string; vat: string; ean: string } {
  const h = createHash('sha256').update(orgId).digest();
  const cvr = String(10_000_000 + (h.readUInt32BE(0) % 90_000_000));
  const ean12 = `579${String(h.readUInt32BE(4) % 1_000_000_000).padStart(9, '0')}`;
  return { cvr, vat: `DK${cvr}`, ean: h[8]! % 4 === 0 ? `${ean12}${gs1CheckDigit(ean12)}` : '' };
}

const PROVIDER_NAMES: Record<string, string> = { openai: 'OpenAI', anthropic: 'Anthropic', mistral: 'Mistral AI' };

/**
 * A synthetic issued invoice in DKK for one month of a generated organization: its plan lines at
 * list price, one usage line (external USD spend × the month's rate, rounded half up to øre) and
 * `usage_provider` lines splitting it exactly by largest remainder; VAT 25 %.
 */
export function buildInvoice(
  rand: () => number,
  org: RawOrg,
  number: string,
  month: string,
  rate: string,
  providerMicro: ReadonlyMap<string, number>,
  prices: readonly RawPrice[],
  language: 'da' | 'en',
) {
  const first = parseDay(`${month}-01`)!;
  const lines: Array<{ sort_order: number; kind: string; description: string; quantity: number; unit_price_cents: number; line_total_cents: number }> = [];
  const add = (kind: string, description: string, quantity: number, unit: number) =>
    lines.push({ sort_order: lines.length + 1, kind, description, quantity, unit_price_cents: unit, line_total_cents: unit * quantity });
  const sub = org.subscription;
  const core = prices.find((p) => p.type === 'assistant' && p.core_plan === sub.core_plan)?.amounts.DKK;
  if (core !== undefined) add('subscription', `Service Core ${sub.core_plan}, ${month}`, 1, core);
  for (const s of sub.dev_seats) {
    const price = prices.find((p) => p.type === 'coding' && p.plan === s.plan)?.amounts.DKK;
    if (price !== undefined) add('subscription', `Service Dev ${s.plan}, seats`, s.seats, price);
  }
  const subscription = lines.reduce((a, l) => a + l.line_total_cents, 0);
  const providers = [...providerMicro].filter(([, v]) => v > 0).sort(([a], [b]) => compareText(a, b));
  const usd = providers.reduce((a, [, v]) => a + v, 0);
  const usage = new Decimal(formatMicro(usd)).times(rate).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  if (usage > 0) {
    add('usage', `Model usage, ${month} (USD ${formatMicro(usd)})`, 1, usage);
    const { parts } = allocateMinor(usage, providers.map(([, v]) => new Decimal(v)));
    providers.forEach(([p], i) => add('usage_provider', PROVIDER_NAMES[p] ?? p, 1, parts[i]!));
  }
  const subtotal = subscription + usage;
  const vat = vatFromBps(subtotal, 2500);
  const issued = addMonths(first, 1) + 2;
  return {
    id: seededUuid(rand),
    org_id: org.org_id,
    invoice_number: number,
    status: 'issued',
    period_start: formatDay(first),
    period_end: formatDay(monthEnd(first)),
    issued_at: `${formatDay(issued)}T08:00:00+00:00`,
    due_at: formatDay(issued + 14),
    currency: 'DKK',
    language,
    subscription_subtotal_cents: subscription,
    usage_subtotal_cents: usage,
    subtotal_cents: subtotal,
    total_cents: subtotal + vat,
    vat_cents: vat,
    vat_rate_bps: 2500,
    usd_dkk_rate: rate,
    seller: SELLER,
    buyer: {
      legal_name: org.name, attention: 'Økonomi', address_line1: `Testvej ${number.length}`, address_line2: '',
      postal_code: '8000', city: 'Aarhus C', country: 'Danmark', ...buyerIds(org.org_id), payment_reference: number, email: null,
    },
    lines,
  };
}
