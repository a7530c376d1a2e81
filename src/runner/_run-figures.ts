import { Decimal } from '../money/decimal.js';
import type { CostInDkk, InvoiceEntry, ManifestFile, ManifestSummary, OrgOutcome } from './manifest.js';

// The figures the run's summary.md, index.html and manifest show, computed in one place.

/** The manifest's counts of organizations by outcome and of files by status. */
export function summarize(month: string, orgs: OrgOutcome[], files: ManifestFile[], interrupted: boolean): ManifestSummary {
  const count = (s: OrgOutcome['status']) => orgs.filter((o) => o.status === s).length;
  const files_ = (s: ManifestFile['status']) => files.filter((f) => f.status === s).length;
  return {
    month, organizations: orgs.length, ok: count('ok'), skipped: count('skipped'), failed: count('failed'),
    interrupted_orgs: count('interrupted'), not_run: count('not_run'), files: files.length,
    written: files_('written'), rewritten: files_('rewritten'), unchanged: files_('unchanged'), kept: files_('kept'),
    einvoices: einvoices(orgs, 'written'), einvoices_failed: einvoices(orgs, 'failed'),
    bytes: files.reduce((n, f) => n + f.size, 0), interrupted,
  };
}

/** How many of the organizations' invoices got their e-invoice XML (`written`) or could not be mapped (`failed`). */
function einvoices(orgs: OrgOutcome[], status: 'written' | 'failed'): number {
  return orgs.reduce((n, o) => n + o.invoices.filter((i) => i.einvoice === status).length, 0);
}

/** The outcome as a person reads it: `skipped_all` when every part was skipped (else the status). */
export function statusKey(o: OrgOutcome): OrgOutcome['status'] | 'skipped_all' {
  return o.status === 'skipped' && !o.parts.some((p) => p.status === 'ok') ? 'skipped_all' : o.status;
}

/** The issued (not void) invoices of one currency, summed exactly in minor units. */
export interface CurrencyTotals {
  currency: string;
  invoices: number;
  net: bigint;
  vat: bigint;
  total: bigint;
}

/** Issued invoices summed per currency, by currency code; void ones are never counted. */
export function issuedTotals(invoices: Iterable<InvoiceEntry>): CurrencyTotals[] {
  const sums = new Map<string, CurrencyTotals>();
  for (const i of invoices) {
    if (i.status !== 'issued') continue;
    let s = sums.get(i.currency);
    if (!s) sums.set(i.currency, (s = { currency: i.currency, invoices: 0, net: 0n, vat: 0n, total: 0n }));
    s.invoices++;
    s.net += BigInt(i.subtotal_cents);
    s.vat += BigInt(i.vat_cents);
    s.total += BigInt(i.total_cents);
  }
  return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** Every invoice of every organization, in order. */
export function* invoicesOf(orgs: readonly OrgOutcome[]): Iterable<InvoiceEntry> {
  for (const o of orgs) yield* o.invoices;
}

/** The issued invoices' totals in DKK: DKK ones as stated, USD ones at the invoice's own rate; the rest counted per currency. */
export interface TotalInDkk {
  /** Exact DKK (not rounded). */
  dkk: Decimal;
  invoices: number;
  notConverted: Array<{ currency: string; invoices: number }>;
}

export function issuedTotalInDkk(invoices: Iterable<InvoiceEntry>): TotalInDkk {
  let dkkCents = 0n;
  let usd = new Decimal(0);
  let converted = 0;
  const rest = new Map<string, number>();
  for (const i of invoices) {
    if (i.status !== 'issued') continue;
    if (i.currency === 'DKK') dkkCents += BigInt(i.total_cents);
    else if (i.currency === 'USD' && i.usd_dkk_rate) usd = usd.plus(new Decimal(i.total_cents).times(i.usd_dkk_rate));
    else {
      rest.set(i.currency, (rest.get(i.currency) ?? 0) + 1);
      continue;
    }
    converted++;
  }
  const dkk = usd.plus(dkkCents.toString()).dividedBy(100);
  return { dkk, invoices: converted, notConverted: [...rest].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, invoices]) => ({ currency, invoices })) };
}

/** The organizations' cost in DKK added up: only organizations whose total is known count. */
export interface CostTotals {
  usage: Decimal;
  planCents: number;
  total: Decimal;
  known: number;
  unknown: number;
  estimated: boolean;
}

export function costTotals(costs: Iterable<CostInDkk | null>): CostTotals {
  const t: CostTotals = { usage: new Decimal(0), planCents: 0, total: new Decimal(0), known: 0, unknown: 0, estimated: false };
  for (const c of costs) {
    if (!c || c.total_dkk === null || c.usage_dkk === null || c.plan_dkk_cents === null) {
      t.unknown++;
      continue;
    }
    t.known++;
    t.usage = t.usage.plus(c.usage_dkk);
    t.planCents += c.plan_dkk_cents;
    t.total = t.total.plus(c.total_dkk);
    t.estimated ||= c.rate_estimated;
  }
  return t;
}
