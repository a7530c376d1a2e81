import { Decimal } from '../money/decimal.js';
import { invoiceDkk } from '../report/invoice-figures.js';
import { sumMinor } from '../money/minor.js';
import { issuedTotals, type CurrencyTotals } from './_currency-totals.js';
import { orgStatus, type RunStatus } from './status.js';
import type { CostInDkk, InvoiceEntry, OrgOutcome } from './manifest.js';

export type { CurrencyTotals } from './_currency-totals.js';
export type { RunStatus } from './status.js';

// The one model of a run's figures. summary.md, index.html, the manifest's `figures` and the
// CLI's closing lines all read their rows and totals from here; none of them adds up on its own.
// Built from the organizations' outcomes, which hold the invoice records' own figures.

/** One row of a cost table in DKK: `usage`, `plan`, or a kind of invoice line charged besides them (`dev_overage`, …). */
export interface CostRow {
  category: string;
  /** Øre, rounded half up where the exact figure has more decimals (usage); null when not known. */
  dkk_cents: number | null;
}

/** An organization's cost for the month excl. VAT in DKK, as its table shows it. */
export interface OrgCostFigures {
  /** usage, then every charged kind of line in the invoices' order, then the plan. */
  rows: CostRow[];
  /** The sum of `rows` to the øre; null unless every row is known. */
  total_dkk_cents: number | null;
  rate_estimated: boolean;
}

/** The issued invoices' totals in DKK: DKK invoices as stated, others at each one's rate (its own, or the run's rates file). */
export interface DkkTotal {
  invoices: number;
  /** The sum of each converted invoice's own total in øre (as its DKK column shows it). */
  total_cents: number;
  /** Issued invoices with no rate to DKK, counted per currency. */
  not_converted: Array<{ currency: string; invoices: number }>;
}

/** One organization's figures. */
export interface OrgFigures {
  org_id: string;
  status: RunStatus;
  /** Issued (not void) invoices summed per currency. */
  totals: CurrencyTotals[];
  invoices: number;
  void: number;
  einvoices_written: number;
  einvoices_not_made: number;
  findings: number;
  cost: OrgCostFigures | null;
}

/** A run's figures: per organization and for the whole run. Minor units throughout. */
export interface RunFigures {
  organizations: OrgFigures[];
  /** Organizations per status word. */
  statuses: Record<RunStatus, number>;
  /** Every organization's issued invoices summed per currency. */
  totals: CurrencyTotals[];
  in_dkk: DkkTotal;
  /** Cost in DKK of the organizations whose cost is known: each row the sum of theirs, the total the sum of the rows. */
  cost: {
    rows: Array<{ category: string; dkk_cents: number }>;
    total_dkk_cents: number;
    organizations: number;
    not_known: number;
    rate_estimated: boolean;
  };
  invoices: number;
  void: number;
  einvoices_written: number;
  einvoices_not_made: number;
  findings: number;
}

const cents = (dkk: string) => new Decimal(dkk).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** An organization's cost rows: usage rounded to the øre once, the charges and plan as the invoices state them. */
export function orgCostFigures(cost: CostInDkk | null): OrgCostFigures | null {
  if (!cost) return null;
  // Manifests before `charges` kept only the dev overage.
  const charges = cost.charges ?? (cost.dev_overage_dkk_cents != null ? [{ kind: 'dev_overage', dkk_cents: cost.dev_overage_dkk_cents }] : []);
  const rows: CostRow[] = [
    { category: 'usage', dkk_cents: cost.usage_dkk === null ? null : cents(cost.usage_dkk) },
    ...charges.map((c) => ({ category: c.kind, dkk_cents: c.dkk_cents })),
    { category: 'plan', dkk_cents: cost.plan_dkk_cents },
  ];
  const known = rows.every((r) => r.dkk_cents !== null) && cost.total_dkk !== null;
  return { rows, total_dkk_cents: known ? sumMinor(rows.map((r) => r.dkk_cents!)) : null, rate_estimated: cost.rate_estimated };
}

/** An entry's total in øre: as stated (DKK), its `dkk` (the run's conversion), or for a manifest of an earlier version the record's own rate. */
export function entryTotalDkk(i: InvoiceEntry): number | null {
  if (i.currency === 'DKK') return i.total_cents;
  return i.dkk ? i.dkk.total_cents : invoiceDkk(i.total_cents, i);
}

/** Issued invoices in DKK: each converted invoice's own total in øre, added up; the rest counted per currency. */
export function totalInDkk(invoices: Iterable<InvoiceEntry>): DkkTotal {
  const converted: number[] = [];
  const rest = new Map<string, number>();
  for (const i of invoices) {
    if (i.status !== 'issued') continue;
    const dkk = entryTotalDkk(i);
    if (dkk === null) rest.set(i.currency, (rest.get(i.currency) ?? 0) + 1);
    else converted.push(dkk);
  }
  const not_converted = [...rest].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, invoices]) => ({ currency, invoices }));
  return { invoices: converted.length, total_cents: sumMinor(converted), not_converted };
}

function orgFigures(o: OrgOutcome): OrgFigures {
  const count = (p: (i: InvoiceEntry) => boolean) => o.invoices.filter(p).length;
  return {
    org_id: o.org_id,
    status: orgStatus(o),
    totals: issuedTotals(o.invoices),
    invoices: o.invoices.length,
    void: count((i) => i.status === 'void'),
    einvoices_written: count((i) => i.einvoice === 'written'),
    einvoices_not_made: count((i) => i.einvoice === 'failed'),
    findings: o.invoices.reduce((n, i) => n + (i.findings?.length ?? 0), 0),
    cost: orgCostFigures(o.cost),
  };
}

/** The run's cost rows: every category a counted organization has, in first-seen order, the plan last. */
function costOfRun(orgs: readonly OrgFigures[]): RunFigures['cost'] {
  const counted = orgs.flatMap((o) => (o.cost && o.cost.total_dkk_cents !== null ? [o.cost] : []));
  const categories = [...new Set(counted.flatMap((c) => c.rows.map((r) => r.category)).filter((c) => c !== 'plan'))];
  if (counted.length) categories.push('plan');
  const rows = categories.map((category) => ({
    category,
    dkk_cents: sumMinor(counted.map((c) => c.rows.find((r) => r.category === category)?.dkk_cents ?? 0)),
  }));
  return {
    rows,
    total_dkk_cents: sumMinor(rows.map((r) => r.dkk_cents)),
    organizations: counted.length,
    not_known: orgs.length - counted.length,
    rate_estimated: counted.some((c) => c.rate_estimated),
  };
}

/** The figures of a run from its organizations' outcomes. */
export function runFigures(organizations: readonly OrgOutcome[]): RunFigures {
  const orgs = organizations.map(orgFigures);
  const all = organizations.flatMap((o) => o.invoices);
  const statuses: Record<RunStatus, number> = { ok: 0, partly_skipped: 0, skipped: 0, failed: 0, interrupted: 0, not_run: 0 };
  for (const o of orgs) statuses[o.status]++;
  const add = (k: 'invoices' | 'void' | 'einvoices_written' | 'einvoices_not_made' | 'findings') => orgs.reduce((n, o) => n + o[k], 0);
  return {
    organizations: orgs,
    statuses,
    totals: issuedTotals(all),
    in_dkk: totalInDkk(all),
    cost: costOfRun(orgs),
    invoices: add('invoices'),
    void: add('void'),
    einvoices_written: add('einvoices_written'),
    einvoices_not_made: add('einvoices_not_made'),
    findings: add('findings'),
  };
}
