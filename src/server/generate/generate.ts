import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DatasetMetaSchema, type RawKey, type RawModel, type RawOrg } from '../dataset/_schema.js';
import { encodeUsageBin } from '../dataset/_usage-bin.js';
import { BUNDLED_SAMPLES_DIR } from '../_bundled.js';
import { USAGE_CSV_HEADER } from '../dataset/_usage-csv.js';
import { addMonths, formatDay, monthKey, monthStart, parseDay } from '../_days.js';
import { FileWriter } from './_file-writer.js';
import { hex, seededRandom, seededUuid } from './_prng.js';
import { InvalidArgumentError } from '../../core/index.js';
import { buildInvoice } from './_invoice.js';

export interface GenerateOptions {
  orgs: number;
  keysPerOrg: number;
  /** Calendar months of daily usage, ending with today's month. */
  months: number;
  seed: string;
  out: string;
  /** The dataset's today; default 2026-11-20 (the bundled samples' today). */
  today?: string;
  /** Issued invoices per organization (the latest complete months); default min(3, months - 1). */
  invoicesPerOrg?: number;
  /** Usage file per organization: columnar `usage.bin` (default; loads without parsing) or `usage.csv`. */
  format?: 'csv' | 'bin';
}

export interface GenerateSummary {
  dir: string;
  orgs: number;
  keys: number;
  usageRows: number;
  invoices: number;
}

const pad = (n: number, w = 5) => String(n).padStart(w, '0');

/**
 * Writes a synthetic dataset in the reference server's format for load tests and benchmarks.
 * Everything comes from a PRNG seeded by `seed` (no clock), so the same options give the same
 * bytes. The dataset is built in a temporary folder beside `out` and renamed into place.
 * @throws InvalidArgumentError naming `out` (not empty) or `today` (not a day)
 */
export function generateDataset(o: GenerateOptions): GenerateSummary {
  const out = resolve(o.out);
  if (existsSync(out) && readdirSync(out).length > 0) throw new InvalidArgumentError('out', `${o.out} exists and is not empty; choose a new folder`);
  const today = parseDay(o.today ?? '2026-11-20');
  if (today === undefined) throw new InvalidArgumentError('today', `must be YYYY-MM-DD (got "${o.today}")`);
  const tmp = `${out}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  // The parents as needed, then the folder itself, so a refusal names the folder it was about (a
  // recursive mkdir of tmp/orgs on a read-only disk says ENOENT of tmp/orgs instead).
  mkdirSync(dirname(tmp), { recursive: true });
  mkdirSync(tmp);
  mkdirSync(join(tmp, 'orgs'));
  mkdirSync(join(tmp, 'invoices'));
  try {
    const summary = writeAll(o, tmp, today);
    if (existsSync(out)) rmSync(out, { recursive: true });
    renameSync(tmp, out);
    return { ...summary, dir: out };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

function writeAll(o: GenerateOptions, dir: string, today: number): Omit<GenerateSummary, 'dir'> {
  const catalog = DatasetMetaSchema.parse(JSON.parse(readFileSync(join(BUNDLED_SAMPLES_DIR, 'dataset.json'), 'utf8')));
  const models = catalog.models.filter((m) => m.offered && m.product !== null);
  const first = addMonths(today, -(o.months - 1));
  const rand = seededRandom(`${o.seed}/dataset`);
  const rates: Record<string, string> = {};
  let rate = 6.2 + rand();
  for (let m = first; m < monthStart(today); m = addMonths(m, 1)) {
    rate = Math.max(5.5, Math.min(7.5, rate + (rand() - 0.5) * 0.15));
    rates[monthKey(m)] = rate.toFixed(4); // a stored rate is a decimal string from here on
  }
  const invoicesPerOrg = o.invoicesPerOrg ?? Math.min(3, Math.max(0, o.months - 1));
  const tokens = { orgs: [] as Array<{ org_id: string; token: string }>, partners: [] as Array<{ org_id: string; token: string }>, api_keys: [] as Array<Record<string, unknown>> };
  const chat = seededUuid(rand), vault = seededUuid(rand);
  const partnerCustomers: string[] = [];
  let usageRows = 0, invoices = 0;

  for (let i = 0; i < o.orgs; i++) {
    const r = seededRandom(`${o.seed}/org/${i}`);
    const orgId = `org-${pad(i + 1)}`;
    const isCustomer = i < 5;
    if (isCustomer) partnerCustomers.push(orgId);
    const keys: RawKey[] = [];
    for (let j = 0; j < o.keysPerOrg; j++) {
      const deleted = r() < 0.03 ? formatDay(first + Math.floor(r() * (today - first))) : null;
      const pool = models.filter(() => r() < 0.5).map((m) => m.id);
      keys.push({
        id: `${orgId}-k${pad(j + 1)}`, name: `Key ${j + 1}`, alias: null, key_prefix: `sk-${hex(r, 6)}`,
        created_at: `${formatDay(first)}T08:00:00Z`, deleted_at: deleted ? `${deleted}T12:00:00Z` : null,
        fields: { team: ['red', 'green', 'blue', 'gold'][Math.floor(r() * 4)]!, ...(r() < 0.7 ? { prod: r() < 0.5 } : {}) },
        product: null, recipient_email: null,
        models: isCustomer && j < 2 ? ['gpt-4.1-mini', 'svc-chat-large'] : pool.length ? pool : [models[0]!.id],
        profile_id: isCustomer && j < 2 ? (j === 0 ? chat : vault) : null,
        monthly_limit_usd: null, dev_plan: null,
      });
    }
    const org: RawOrg = {
      org_id: orgId, name: `Generated Org ${i + 1}`, created_at: formatDay(first),
      shares: { invoices: true, usage: true, subscription: true }, needs_attention: false,
      key_fields: [
        { key: 'team', display_name: 'Team', type: 'select', options: ['red', 'green', 'blue', 'gold'].map((k) => ({ key: k, label: k[0]!.toUpperCase() + k.slice(1) })) },
        { key: 'prod', display_name: 'Production', type: 'boolean', options: [] },
      ],
      allowed_models: models.map((m) => m.id), connect_models: [], credits: null,
      subscription: {
        core_plan: (['starter', 'small', 'medium', 'large'] as const)[Math.floor(r() * 4)]!,
        products: [{ service: 'private_llm', type: 'assistant', since: null, custom_amounts: null }],
        dev_seats: r() < 0.5 ? [{ plan: 'pro', seats: 1 + Math.floor(r() * 10), since: null }] : [],
      },
      keys,
    };
    const orgDir = join(dir, 'orgs', orgId);
    mkdirSync(orgDir);
    writeFileSync(join(orgDir, 'org.json'), JSON.stringify(org, null, 1) + '\n');
    const monthly = writeUsage(orgDir, o.format ?? 'bin', org, models, first, today, r);
    usageRows += monthly.rows;
    tokens.orgs.push({ org_id: orgId, token: `rt_${orgId}_${hex(r, 16)}` });
    tokens.api_keys.push({ key_id: keys[0]?.id ?? '', org_id: orgId, api_key: `sk-${hex(r, 24)}`, note: 'first key of the organization' });
    for (let n = invoicesPerOrg; n >= 1; n--) {
      const month = monthKey(addMonths(today, -n));
      if (!rates[month]) continue;
      const inv = buildInvoice(r, org, `G${pad(i + 1)}-${month}`, month, rates[month], monthly.byMonth.get(month) ?? new Map(), catalog.prices, i % 4 === 3 ? 'en' : 'da');
      writeFileSync(join(dir, 'invoices', `${orgId}-${month}.json`), JSON.stringify(inv, null, 1) + '\n');
      invoices++;
    }
  }
  tokens.api_keys = tokens.api_keys.filter((k) => k.key_id !== '');
  tokens.api_keys.push({ key_id: 'key-orphan', org_id: null, api_key: `sk-${hex(rand, 24)}`, note: 'belongs to no organization' });
  tokens.partners.push({ org_id: 'org-partner', token: `pt_partner_${hex(rand, 16)}` });
  const meta = { format: 1, today: formatDay(today), usd_dkk_rates: rates, models: catalog.models, prices: catalog.prices, dev_plans: catalog.dev_plans };
  writeFileSync(join(dir, 'dataset.json'), JSON.stringify(meta, null, 1) + '\n');
  writeFileSync(join(dir, 'tokens.json'), JSON.stringify(tokens, null, 1) + '\n');
  writeFileSync(join(dir, 'partners.json'), JSON.stringify([{
    org_id: 'org-partner', name: 'Generated Partner', customers: partnerCustomers,
    profiles: [{ id: chat, name: 'Chat', follows_router: true, recommended: [] }, { id: vault, name: 'Vault', follows_router: false, recommended: ['svc-chat-large', 'gpt-4.1-mini'] }],
  }], null, 1) + '\n');
  return { orgs: o.orgs, keys: o.orgs * o.keysPerOrg, usageRows, invoices };
}

/** Growable columns of usage rows, in the order they are generated (day by day). */
class Columns {
  length = 0;
  day = new Int32Array(1024);
  key = new Int32Array(1024);
  model = new Int32Array(1024);
  nums = Array.from({ length: 6 }, () => new Float64Array(1024));
  push(day: number, key: number, model: number, values: readonly number[]): void {
    if (this.length === this.day.length) {
      const grow = <A extends Int32Array | Float64Array>(a: A): A => {
        const b = new (a.constructor as new (n: number) => A)(a.length * 2);
        b.set(a);
        return b;
      };
      this.day = grow(this.day); this.key = grow(this.key); this.model = grow(this.model);
      this.nums = this.nums.map(grow);
    }
    const i = this.length++;
    this.day[i] = day; this.key[i] = key; this.model[i] = model;
    for (let c = 0; c < 6; c++) this.nums[c]![i] = values[c]!;
  }
}

/** Daily usage rows in day order: each key is active on a share of days, one of its models per active day. */
function writeUsage(orgDir: string, format: 'csv' | 'bin', org: RawOrg, models: RawModel[], first: number, today: number, r: () => number) {
  const modelIds = models.map((m) => m.id);
  const byId = new Map(models.map((m, i) => [m.id, i]));
  const keys = org.keys.map((k) => ({
    activity: 0.05 + r() * 0.15,
    volume: 1 + r() * 20,
    models: k.models.map((id) => byId.get(id)).filter((i): i is number => i !== undefined),
    last: k.deleted_at ? parseDay(k.deleted_at.slice(0, 10))! : today,
  }));
  const byMonth = new Map<string, Map<string, number>>();
  const cols = new Columns();
  for (let d = first; d <= today; d++) {
    const month = formatDay(d).slice(0, 7);
    let providers = byMonth.get(month);
    if (!providers) byMonth.set(month, (providers = new Map()));
    for (let ki = 0; ki < keys.length; ki++) {
      const k = keys[ki]!;
      if (d > k.last || r() >= k.activity || k.models.length === 0) continue;
      const mi = k.models[Math.floor(r() * k.models.length)]!;
      const m = models[mi]!;
      const requests = 1 + Math.floor(r() * k.volume);
      const p = requests * (500 + Math.floor(r() * 2500));
      const c = m.mode === 'embedding' ? 0 : requests * (50 + Math.floor(r() * 600));
      const cr = m.supports_prompt_caching ? Math.floor(p * r() * 0.4) : 0;
      // Catalog prices have at most two decimals, so each product is exact before rounding to micro-dollars.
      const spend = m.service_hosted ? 0 :
        Math.round((p - cr) * Number(m.input_usd_per_mtok) + c * Number(m.output_usd_per_mtok) + cr * Number(m.cache_read_usd_per_mtok ?? m.input_usd_per_mtok));
      if (spend > 0) providers.set(m.provider, (providers.get(m.provider) ?? 0) + spend);
      cols.push(d, ki, mi, [p, c, cr, 0, requests, spend]);
    }
  }
  if (format === 'bin') {
    writeFileSync(join(orgDir, 'usage.bin'), encodeUsageBin(cols, org.keys.map((k) => k.id), modelIds));
  } else {
    const w = new FileWriter(join(orgDir, 'usage.csv'));
    w.write(USAGE_CSV_HEADER + '\n');
    for (let i = 0; i < cols.length; i++) {
      const n = cols.nums.map((a) => a[i]);
      w.write(`${formatDay(cols.day[i]!)},${org.keys[cols.key[i]!]!.id},${modelIds[cols.model[i]!]},${n.join(',')}\n`);
    }
    w.close();
  }
  return { rows: cols.length, byMonth };
}
