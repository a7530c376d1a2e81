import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DatasetMetaSchema, PartnerSchema, RawOrgSchema, SearchIndexSchema, ApiTokensSchema,
  type DatasetMeta, type Partner, type RawModel, type RawOrg, type SearchIndex, type ApiTokens,
} from './_schema.js';
import { readJsonFile } from './_read-json.js';
import { parseUsageCsv, USAGE_CSV_HEADER } from './_usage-csv.js';
import { parseUsageBin } from './_usage-bin.js';
import type { UsageTable } from './usage-table.js';
import { indexInvoices, type IndexedInvoice } from './_invoice-index.js';
import { WeightedLru } from './_lru.js';
import { DatasetError } from './dataset-error.js';
import { folderState } from './_folder-state.js';
import { deepFreeze } from './_deep-freeze.js';
import { checkKeyFields } from './_key-field-rules.js';
import { checkPlanCostLimits } from './_plan-cost-limits.js';
import { parseDay } from '../_days.js';
import { z } from 'zod';

/** An organization's record with its keys indexed by id. */
export interface OrgData {
  raw: RawOrg;
  keyIndex: ReadonlyMap<string, number>;
  /** Per key: the UTC day it was created, and the day it was deleted (Infinity when live). */
  createdDay: Int32Array;
  deletedDay: Float64Array;
}

/** The UTC calendar day of a timestamp. */
function stampDay(stamp: string): number {
  return parseDay(new Date(stamp).toISOString().slice(0, 10))!;
}

/** Rows of usage kept in memory across organizations; older organizations are dropped first. */
const USAGE_ROW_BUDGET = 1_500_000;
const ORG_CACHE = 400;
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The read-only records of a folder as parsed, which every Dataset over that folder may share. */
class Parsed {
  readonly orgCache = new WeightedLru<Promise<OrgData | undefined>>(ORG_CACHE);
  readonly usageCache = new WeightedLru<UsageTable>(USAGE_ROW_BUDGET);
  readonly usageLoading = new Map<string, Promise<UsageTable>>();
  invoiceIndex?: Promise<Map<string, IndexedInvoice[]>> | undefined;
  constructor(
    readonly meta: DatasetMeta,
    readonly tokens: ApiTokens,
    readonly partners: readonly Partner[],
    readonly searchIndex: SearchIndex,
    /** Shared by several servers: records are frozen as they are read, so none can change another's. */
    readonly shared: boolean,
  ) {
    if (shared) deepFreeze([meta, tokens, partners, searchIndex]);
  }
}

/** Per process: the folders opened with `Dataset.openShared`, with the folder's state when they were read. */
const sharedFolders = new Map<string, { state: string; parsed: Promise<Parsed> }>();

/**
 * The reference server's dataset: small files read at start, organizations and their usage
 * read lazily on first use and cached within a bounded budget.
 */
export class Dataset {
  readonly models: readonly RawModel[];
  readonly modelIndex: ReadonlyMap<string, number>;
  /**
   * Ids of the models offered to organizations: in the catalog (`offered`) and with a product, since
   * "a model with no product is offered to nobody" (spec §2, ModelProduct). Usage of any model still counts.
   */
  readonly offeredModels: ReadonlySet<string>;
  /** Today as a day number. */
  readonly today: number;
  readonly meta: DatasetMeta;
  readonly tokens: ApiTokens;
  readonly partners: readonly Partner[];
  readonly searchIndex: SearchIndex;

  private constructor(
    readonly dir: string,
    private readonly parsed: Parsed,
    readonly todayText: string,
  ) {
    ({ meta: this.meta, tokens: this.tokens, partners: this.partners, searchIndex: this.searchIndex } = parsed);
    const meta = this.meta;
    this.models = meta.models;
    this.modelIndex = new Map(meta.models.map((m, i) => [m.id, i]));
    this.offeredModels = new Set(meta.models.filter((m) => m.offered && m.product !== null).map((m) => m.id));
    this.today = parseDay(todayText)!;
  }

  /** Reads and checks the folder. */
  static async open(dir: string, today?: string): Promise<Dataset> {
    return Dataset.read(dir, today, false);
  }

  /**
   * As `open`, but the folder's records are parsed once per process and shared (frozen) by every
   * Dataset opened over it while none of its files has changed (same names, sizes and modification
   * times): a second server over the same folder then starts without parsing it again. The records
   * stay in memory for the life of the process, so this is for a small folder such as the bundled samples.
   */
  static async openShared(dir: string, today?: string): Promise<Dataset> {
    const state = await folderState(dir);
    const known = sharedFolders.get(dir);
    if (known?.state === state) {
      const parsed = await known.parsed;
      return new Dataset(dir, parsed, checkToday(today ?? parsed.meta.today));
    }
    const reading = Dataset.read(dir, today, true);
    const parsed = reading.then((ds) => ds.parsed);
    sharedFolders.set(dir, { state, parsed });
    // A folder that fails to read is not kept: the next open reads it again and reports its error.
    parsed.catch(() => { if (sharedFolders.get(dir)?.parsed === parsed) sharedFolders.delete(dir); });
    return reading;
  }

  private static async read(dir: string, today: string | undefined, shared: boolean): Promise<Dataset> {
    const meta = await readJsonFile(join(dir, 'dataset.json'), DatasetMetaSchema);
    const tokens = await readJsonFile(join(dir, 'tokens.json'), ApiTokensSchema);
    const partners = await readOptional(join(dir, 'partners.json'), z.array(PartnerSchema), []);
    const searchIndex = await readOptional(join(dir, 'search-index.json'), SearchIndexSchema, []);
    const todayText = checkToday(today ?? meta.today);
    const ds = new Dataset(dir, new Parsed(meta, tokens, partners, searchIndex, shared), todayText);
    await ds.checkAll();
    return ds;
  }

  /**
   * Reads every organization, its usage and the invoices once before the server listens, so a bad
   * file stops the start with its name and field instead of failing each request that reaches it
   * (one bad customer would otherwise take its partner's whole status call down). What fits the
   * budgets stays cached.
   */
  private async checkAll(): Promise<void> {
    const orgsDir = join(this.dir, 'orgs');
    const entries = await readdir(orgsDir, { withFileTypes: true }).catch(() => []);
    const ids = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
    for (const id of ids) {
      if (!SAFE_ID.test(id)) throw new DatasetError(join(orgsDir, id), '$', 'an organization folder name must be letters, digits, ".", "_" or "-" (at most 128)');
    }
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const org = await this.org(ids[next++]!);
        if (org) await this.usage(org);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
    await this.invoices();
  }

  /** The organization, or undefined when the dataset has none with that id. */
  org(orgId: string): Promise<OrgData | undefined> {
    if (!SAFE_ID.test(orgId)) return Promise.resolve(undefined);
    let p = this.parsed.orgCache.get(orgId);
    if (!p) {
      p = this.loadOrg(orgId);
      this.parsed.orgCache.set(orgId, p, 1);
    }
    return p;
  }

  private async loadOrg(orgId: string): Promise<OrgData | undefined> {
    const file = join(this.dir, 'orgs', orgId, 'org.json');
    try {
      await readFile(file, { flag: 'r' }).then(() => undefined);
    } catch {
      return undefined;
    }
    const raw = await readJsonFile(file, RawOrgSchema);
    if (this.parsed.shared) deepFreeze(raw);
    if (raw.org_id !== orgId) throw new DatasetError(file, 'org_id', `must be "${orgId}" (the folder name)`);
    checkKeyFields(raw, file);
    const org: OrgData = {
      raw,
      keyIndex: new Map(raw.keys.map((k, i) => [k.id, i])),
      createdDay: Int32Array.from(raw.keys, (k) => stampDay(k.created_at)),
      deletedDay: Float64Array.from(raw.keys, (k) => (k.deleted_at ? stampDay(k.deleted_at) : Infinity)),
    };
    checkPlanCostLimits(this.meta.prices, org, file);
    return org;
  }

  /** The organization's usage rows (empty when it has no usage file). */
  async usage(org: OrgData): Promise<UsageTable> {
    const id = org.raw.org_id;
    const cached = this.parsed.usageCache.get(id);
    if (cached) return cached;
    let pending = this.parsed.usageLoading.get(id);
    if (!pending) {
      pending = this.loadUsage(org).finally(() => this.parsed.usageLoading.delete(id));
      this.parsed.usageLoading.set(id, pending);
    }
    return pending;
  }

  private async loadUsage(org: OrgData): Promise<UsageTable> {
    const id = org.raw.org_id;
    // A generated dataset may carry the columnar usage.bin; the bundled one has usage.csv.
    const bin = join(this.dir, 'orgs', id, 'usage.bin');
    const csv = join(this.dir, 'orgs', id, 'usage.csv');
    const binBytes = await readFile(bin).catch(() => undefined);
    let table: UsageTable;
    if (binBytes) table = parseUsageBin(binBytes, bin, org.keyIndex, this.modelIndex, this.models);
    else {
      const csvBytes = await readFile(csv).catch(() => Buffer.from(USAGE_CSV_HEADER + '\n'));
      table = parseUsageCsv(csvBytes, csv, org.keyIndex, this.modelIndex, this.models);
    }
    this.parsed.usageCache.set(id, table, Math.max(1, table.length));
    return table;
  }

  /** Invoices grouped by organization, newest first. */
  invoices(): Promise<Map<string, IndexedInvoice[]>> {
    const parsed = this.parsed;
    if (!parsed.invoiceIndex) {
      const index = indexInvoices(this.dir).then((byOrg) => (parsed.shared ? deepFreeze(byOrg) : byOrg));
      parsed.invoiceIndex = index;
      index.catch(() => { if (parsed.invoiceIndex === index) parsed.invoiceIndex = undefined; });
    }
    return parsed.invoiceIndex;
  }
}

function checkToday(todayText: string): string {
  if (parseDay(todayText) === undefined) throw new DatasetError('today', '$', `"${todayText}" is not a YYYY-MM-DD date`);
  return todayText;
}

async function readOptional<S extends z.ZodType>(file: string, schema: S, fallback: z.infer<S>): Promise<z.infer<S>> {
  try {
    await readFile(file);
  } catch {
    return fallback;
  }
  return readJsonFile(file, schema);
}
