import type { JsonOf } from '../runner/manifest/index.js';
import type { RunFigures } from '../runner/figures/index.js';
import type { VerifyDifference } from './report.js';

const sum = (xs: Iterable<number | bigint | null>) => [...xs].reduce<bigint>((a, x) => a + BigInt(x ?? 0), 0n);

/**
 * Foots the tables of summary.md and index.html as the manifest's figures hold them: the run's
 * cost rows add up to its total, each organization's cost rows to its total, the organizations'
 * totals per currency to the run's, their counts to the run's. (Each table shown is then the
 * rendering of these figures, compared byte for byte.)
 */
export function footFigures(f: JsonOf<RunFigures>, out: VerifyDifference[]): void {
  const say = (what: string) => out.push({ file: 'manifest.json', what: `figures: ${what}` });
  if (sum(f.cost.rows.map((r) => r.dkk_cents)) !== BigInt(f.cost.total_dkk_cents)) say(`the run's cost rows add up to ${sum(f.cost.rows.map((r) => r.dkk_cents))} øre, its total says ${f.cost.total_dkk_cents}`);
  for (const o of f.organizations) {
    if (!o.cost || o.cost.total_dkk_cents === null) continue;
    const rows = sum(o.cost.rows.map((r) => r.dkk_cents));
    if (rows !== BigInt(o.cost.total_dkk_cents)) say(`${o.org_id}'s cost rows add up to ${rows} øre, its total says ${o.cost.total_dkk_cents}`);
  }
  const currencies = new Set([...f.totals.map((t) => t.currency), ...f.organizations.flatMap((o) => o.totals.map((t) => t.currency))]);
  for (const c of currencies) {
    const run = f.totals.find((t) => t.currency === c);
    for (const k of ['invoices', 'net_cents', 'vat_cents', 'total_cents'] as const) {
      const orgs = sum(f.organizations.map((o) => o.totals.find((t) => t.currency === c)?.[k] ?? 0));
      if (orgs !== BigInt(run?.[k] ?? 0)) say(`the organizations' ${c} ${k} add up to ${orgs}, the run's total says ${run?.[k] ?? 'none'}`);
    }
  }
  for (const k of ['invoices', 'counted', 'void', 'held_back', 'einvoices_written', 'einvoices_not_made', 'findings'] as const) {
    // `counted` is absent in manifests of earlier versions.
    if (f[k] === undefined) continue;
    const orgs = sum(f.organizations.map((o) => o[k]));
    if (orgs !== BigInt(f[k])) say(`the organizations' ${k} add up to ${orgs}, the run's says ${f[k]}`);
  }
  const statuses = sum(Object.values(f.statuses));
  if (statuses !== BigInt(f.organizations.length)) say(`the organizations by status add up to ${statuses}, the run has ${f.organizations.length}`);
}
