#!/usr/bin/env node
// Rewrites the usage lines of samples/invoices/kattegat-2026-10.json from the bundled dataset's own
// October usage, so the invoice and the cost workbook agree to the øre: one usage line per key that
// spent something (its existing description kept), its DKK split from the month's DKK by the keys'
// USD, and each key's providers under it split the same way (largest remainder, earlier first on a
// tie); subscription lines stay; totals and VAT follow. Deterministic; run after `npm run build`:
// `node samples/build-kattegat-invoice.mjs` (it starts the reference server in-process on loopback).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { allocateMinor, ReportingClient } from '../dist/index.js';
import { startReferenceServer } from '../dist/testing.js';

const dir = dirname(fileURLToPath(import.meta.url));
const file = join(dir, 'invoices', 'kattegat-2026-10.json');
const ORG = 'org-kattegat';
const invoice = JSON.parse(readFileSync(file, 'utf8'));
const token = JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')).orgs.find((o) => o.org_id === ORG).token;
const providerOf = new Map(JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')).models.map((m) => [m.id, m]));
const PROVIDER_NAMES = { anthropic: 'Anthropic', openai: 'OpenAI', mistral: 'Mistral AI' };

const server = await startReferenceServer({});
try {
  const client = new ReportingClient({ baseUrl: server.url, token, orgId: ORG, env: {} });
  const usage = await client.getKeyUsage({ month: '2026-10' });
  const monthly = await client.getMonthlyUsage({ year: 2026 });
  const october = monthly.months.find((m) => m.month.startsWith('2026-10'));
  const monthMinor = october.dkk_spend.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const described = new Map(invoice.lines.filter((l) => l.kind === 'usage').map((l) => [/nøgle (\S+)/.exec(l.description)[1], l.description]));
  const department = new Map(usage.key_fields.find((f) => f.key === 'department').options.map((o) => [o.key, o.label]));
  const keys = usage.keys.filter((k) => k.spend_usd.gt(0)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const perKey = allocateMinor(monthMinor, keys.map((k) => k.spend_usd)).parts;
  const lines = invoice.lines.filter((l) => l.kind === 'subscription');
  let order = Math.max(...lines.map((l) => l.sort_order));
  const line = (kind, description, cents) => lines.push({ sort_order: (order += 10), kind, description, quantity: 1, unit_price_cents: cents, line_total_cents: cents });
  keys.forEach((k, i) => {
    line('usage', described.get(k.id) ?? `Forbrug, nøgle ${k.id} (${k.name}, ${department.get(k.fields?.department) ?? '-'})`, perKey[i]);
    // Spend per external provider; the service's own hosted models cost nothing and get no line.
    const spend = new Map();
    for (const m of k.models ?? []) {
      const model = providerOf.get(m.model);
      if (!model || model.service_hosted || !m.spend_usd.gt(0)) continue;
      spend.set(model.provider, (spend.get(model.provider) ?? new Decimal(0)).plus(m.spend_usd));
    }
    const providers = [...spend.keys()].sort((a, b) => spend.get(b).comparedTo(spend.get(a)) || (a < b ? -1 : 1));
    const parts = allocateMinor(perKey[i], providers.map((p) => spend.get(p))).parts;
    providers.forEach((p, j) => line('usage_provider', PROVIDER_NAMES[p] ?? p, parts[j]));
  });
  const usageMinor = perKey.reduce((a, b) => a + b, 0);
  const subtotal = invoice.subscription_subtotal_cents + usageMinor;
  const vat = new Decimal(subtotal).times(invoice.vat_rate_bps).dividedBy(10_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  Object.assign(invoice, { lines, usage_subtotal_cents: usageMinor, subtotal_cents: subtotal, vat_cents: vat, total_cents: subtotal + vat });
  writeFileSync(file, JSON.stringify(invoice, null, 2) + '\n');
  console.log(`${file}: ${lines.length} lines, usage ${usageMinor} øre (the month: ${monthMinor}), total ${subtotal + vat} øre`);
} finally {
  await server.close();
}
