import { Decimal } from '../../money/index.js';
import { invoiceDkkExact } from '../../report/figures/index.js';
import { addTotals, counted, issuedTotals, type CurrencyTotals } from './_currency-totals.js';
import { findingCount } from '../pages/_finding-lines.js';
import { orgStatus, type RunStatus } from '../status/status.js';
import type { CostInDkk, InvoiceEntry, OrgOutcome } from '../manifest/manifest.js';

export type { CurrencyTotals } from './_currency-totals.js';
export type { RunStatus } from '../status/status.js';

// The one model of a run's figures. summary.md, index.html, the manifest's `figures` and the
// CLI's closing lines all read their rows and totals from here; none of them adds up on its own.
// Built from the organizations' outcomes, which hold the invoice records' own figures. Every sum
// is a BigInt of minor units, exact at any size (two organizations' invoices near 2^53 øre add up
// to their exact sum); the manifest writes them as JSON integers with every digit. An
// organization whose own figures cannot be made (a figure that is no amount) fails alone: its
// figures say why (`problem`), and the run's totals leave it out.

/** One row of a cost table in DKK: `usage`, `plan`, or a kind of invoice line charged besides them (`dev_overage`, …). */
export interface CostRow {
  category: string;
  /** Øre, rounded half up where the exact figure has more decimals (usage); null when not known. */
  dkk_cents: bigint | null;
}

/** An organization's cost for the month excl. VAT in DKK, as its table shows it. */
export interface OrgCostFigures {
  /** usage, then every charged kind of line in the invoices' order, then the plan. */
  rows: CostRow[];
  /** The sum of `rows` to the øre; null unless every row is known. */
  total_dkk_cents: bigint | null;
  rate_estimated: boolean;
}

/** The counted invoices' totals in DKK (issued, not held back): DKK invoices as stated, others at each one's rate (its own, or the run's rates file). */
export interface DkkTotal {
  invoices: number;
  /** The sum of each converted invoice's own total in øre (as its DKK column shows it). */
  total_cents: bigint;
  /** Issued invoices with no rate to DKK (none, or one no USD-to-DKK rate can be), counted per currency. */
  not_converted: Array<{ currency: string; invoices: number }>;
}

/** An organization's invoices counted, or a run's: the sum of its organizations'. */
export interface InvoiceCounts {
  invoices: number;
  /**
   * Issued invoices not held back: the ones every total counts (`totals`, "all in DKK"), as the
   * organizations' table on summary.md shows beside their amounts. Absent in manifests of earlier versions.
   */
  counted: number;
  void: number;
  /** Issued invoices checkInvoice finds an error in: not valid, never counted in a total. */
  held_back: number;
  einvoices_written: number;
  /** Issued invoices, not held back, whose e-invoice could not be made. */
  einvoices_not_made: number;
  /** checkInvoice's findings on its invoices (a held-back invoice's errors are its reason, not counted here) and the usage figures its records contradict: the lines the pages list. */
  findings: number;
  /** Void and held-back invoices with the credit note made by the run, and with it still to make (or failed). */
  credit_notes_made: number;
  credit_notes_to_make: number;
}

/** One organization's figures. */
export interface OrgFigures extends InvoiceCounts {
  org_id: string;
  status: RunStatus;
  /** Issued invoices (not void, not held back) summed per currency. */
  totals: CurrencyTotals[];
  cost: OrgCostFigures | null;
  /** Set when the organization's figures could not be made: why (it then counts as failed, and the run's totals leave it out). */
  problem?: string;
}

/** A run's figures: per organization and for the whole run. Minor units throughout. */
export interface RunFigures extends InvoiceCounts {
  organizations: OrgFigures[];
  /** Organizations per status word. */
  statuses: Record<RunStatus, number>;
  /** Every organization's issued invoices (not void, not held back) summed per currency. */
  totals: CurrencyTotals[];
  in_dkk: DkkTotal;
  /** Cost in DKK of the organizations whose cost is known: each row the sum of theirs, the total the sum of the rows. */
  cost: {
    rows: Array<{ category: string; dkk_cents: bigint }>;
    total_dkk_cents: bigint;
    organizations: number;
    not_known: number;
    rate_estimated: boolean;
  };
}

const cents = (dkk: string) => BigInt(new Decimal(dkk).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
const big = (v: number | null | undefined) => (v === null || v === undefined ? null : BigInt(v));

/** An organization's cost rows: usage rounded to the øre once, the charges and plan as the invoices state them. */
export function orgCostFigures(cost: CostInDkk | null): OrgCostFigures | null {
  if (!cost) return null;
  // Manifests before `charges` kept only the dev overage.
  const charges = cost.charges ?? (cost.dev_overage_dkk_cents != null ? [{ kind: 'dev_overage', dkk_cents: cost.dev_overage_dkk_cents }] : []);
  const rows: CostRow[] = [
    { category: 'usage', dkk_cents: cost.usage_dkk === null ? null : cents(cost.usage_dkk) },
    ...charges.map((c) => ({ category: c.kind, dkk_cents: big(c.dkk_cents) })),
    { category: 'plan', dkk_cents: big(cost.plan_dkk_cents) },
  ];
  const known = rows.every((r) => r.dkk_cents !== null) && cost.total_dkk !== null;
  return { rows, total_dkk_cents: known ? rows.reduce((a, r) => a + r.dkk_cents!, 0n) : null, rate_estimated: cost.rate_estimated };
}

/** An entry's total in øre: as stated (DKK), its `dkk` (the run's conversion), or for a manifest of an earlier version the record's own rate. */
export function entryTotalDkk(i: InvoiceEntry): bigint | null {
  if (i.currency === 'DKK') return BigInt(i.total_cents);
  if (i.dkk) return i.dkk.total_cents === null ? null : BigInt(i.dkk.total_cents);
  return invoiceDkkExact(i.total_cents, i);
}

/** Counted invoices in DKK (issued, not held back): each converted invoice's own total in øre, added up; the rest counted per currency. */
export function totalInDkk(invoices: Iterable<InvoiceEntry>): DkkTotal {
  let count = 0;
  let total = 0n;
  const rest = new Map<string, number>();
  for (const i of invoices) {
    if (!counted(i)) continue;
    const dkk = entryTotalDkk(i);
    if (dkk === null) rest.set(i.currency, (rest.get(i.currency) ?? 0) + 1);
    else {
      count++;
      total += dkk;
    }
  }
  return { invoices: count, total_cents: total, not_converted: notConverted(rest) };
}

function notConverted(rest: ReadonlyMap<string, number>): DkkTotal['not_converted'] {
  return [...rest].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, invoices]) => ({ currency, invoices }));
}

/** Several organizations' DKK totals added. */
function addDkk(parts: readonly DkkTotal[]): DkkTotal {
  const rest = new Map<string, number>();
  for (const p of parts) for (const c of p.not_converted) rest.set(c.currency, (rest.get(c.currency) ?? 0) + c.invoices);
  return { invoices: parts.reduce((n, p) => n + p.invoices, 0), total_cents: parts.reduce((a, p) => a + p.total_cents, 0n), not_converted: notConverted(rest) };
}

/** One organization's figures and its issued invoices in DKK (a part of the run's). */
function orgFigures(o: OrgOutcome): { figures: OrgFigures; dkk: DkkTotal } {
  const count = (p: (i: InvoiceEntry) => boolean) => o.invoices.filter(p).length;
  const counts = {
    org_id: o.org_id,
    invoices: o.invoices.length,
    counted: count(counted),
    void: count((i) => i.status === 'void'),
    held_back: count((i) => i.held_back === true),
    einvoices_written: count((i) => i.einvoice === 'written'),
    // A held-back invoice has no e-invoice because it is held back: it is counted there, not here.
    einvoices_not_made: count((i) => i.einvoice === 'failed' && !i.held_back),
    findings: findingCount(o),
    credit_notes_made: count((i) => i.credit_note?.status === 'made'),
    credit_notes_to_make: count((i) => i.credit_note !== undefined && i.credit_note.status !== 'made'),
  };
  try {
    return { figures: { ...counts, status: orgStatus(o), totals: issuedTotals(o.invoices), cost: orgCostFigures(o.cost) }, dkk: totalInDkk(o.invoices) };
  } catch (e) {
    // A figure that is no amount (a manifest of another tool, a record past what can be read):
    // this organization fails, named; the others' figures and the run's pages are still made.
    const problem = `its figures cannot be added up: ${e instanceof Error ? e.message : String(e)}`;
    return { figures: { ...counts, status: 'failed', totals: [], cost: null, problem }, dkk: { invoices: 0, total_cents: 0n, not_converted: [] } };
  }
}

/** The run's cost rows: every category a counted organization has, in first-seen order, the plan last. */
function costOfRun(orgs: readonly OrgFigures[]): RunFigures['cost'] {
  const counted = orgs.flatMap((o) => (o.cost && o.cost.total_dkk_cents !== null ? [o.cost] : []));
  const categories = [...new Set(counted.flatMap((c) => c.rows.map((r) => r.category)).filter((c) => c !== 'plan'))];
  if (counted.length) categories.push('plan');
  const rows = categories.map((category) => ({
    category,
    dkk_cents: counted.reduce((a, c) => a + (c.rows.find((r) => r.category === category)?.dkk_cents ?? 0n), 0n),
  }));
  return {
    rows,
    total_dkk_cents: rows.reduce((a, r) => a + r.dkk_cents, 0n),
    organizations: counted.length,
    not_known: orgs.length - counted.length,
    rate_estimated: counted.some((c) => c.rate_estimated),
  };
}

/** The figures of a run from its organizations' outcomes. */
export function runFigures(organizations: readonly OrgOutcome[]): RunFigures {
  const parts = organizations.map(orgFigures);
  const orgs = parts.map((p) => p.figures);
  const statuses: Record<RunStatus, number> = { ok: 0, partly_skipped: 0, skipped: 0, failed: 0, interrupted: 0, not_run: 0 };
  for (const o of orgs) statuses[o.status]++;
  const add = (k: keyof InvoiceCounts) => orgs.reduce((n, o) => n + o[k], 0);
  return {
    organizations: orgs,
    statuses,
    totals: addTotals(orgs.map((o) => o.totals)),
    in_dkk: addDkk(parts.map((p) => p.dkk)),
    cost: costOfRun(orgs),
    invoices: add('invoices'),
    counted: add('counted'),
    void: add('void'),
    held_back: add('held_back'),
    einvoices_written: add('einvoices_written'),
    einvoices_not_made: add('einvoices_not_made'),
    findings: add('findings'),
    credit_notes_made: add('credit_notes_made'),
    credit_notes_to_make: add('credit_notes_to_make'),
  };
}
