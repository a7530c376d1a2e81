// The package's public API is a contract (issue 14, "The public API"): dist/index.d.ts and
// dist/testing.d.ts, as a TypeScript user sees them, export exactly the names listed here. A name
// that appears or disappears fails this test until the list is changed with it, so no internal
// helper becomes public by accident and no public name is lost in a refactor. The declarations are
// read with the TypeScript compiler (as an editor reads them), the modules with Node's import.
import { execFile } from 'node:child_process';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist') + sep;

/** `type X` for a name that is only a type, `X` for a value (a class, function, constant or schema). */
const ROOT_EXPORTS = [
  'type ActivityMetrics', 'allocateMinor', 'ApiError', 'AuthenticationError', 'availableLanguages',
  'BadRequestError', 'type BodyKind', 'buildCostReport', 'buildPartnerReport', 'type CallOptions', 'checkInvoice',
  'type CommonClientOptions', 'ConfigurationError', 'ConnectionError', 'CredentialInResponseError', 'type CorePlan', 'type CostCharge', 'type CostFinding',
  'costInDkk', 'type CostInDkk', 'type CostReportData', 'type CostReportOptions', 'type CostRow',
  'type BooksSettings', 'type CreditNoteDetails', 'type CreditNoteEntry', 'type InvoiceBooking', 'type Currency', 'type CurrencyTotals', 'type DailyActivity', 'type ChargeableEvent',
  'type DailyActivityResponse', 'type DailyUsage', 'type DayRangeQuery', 'dec', 'decideVat', 'Decimal',
  'DEFAULT_MAX_RESPONSE_BYTES', 'type DevPlan', 'type DkkRateFacts', 'type DkkTotal', 'EdgeRejectedError', 'EInvoiceError', 'ExchangeRatesError',
  'type ErrorBody', 'type ExchangeRates', 'fetchCostReportData', 'type FileStatus', 'type FindingParam', 'findingText',
  'fromMinorUnits', 'type GatewayApi', 'GatewayClient', 'type GatewayClientOptions', 'InvalidAmountError', 'InvalidArgumentError',
  'InvalidRenderOptionError', 'InvalidRequestError', 'UnprintableFieldError', 'type Invoice', 'type InvoiceBuyer', 'type InvoiceCheckFinding', 'type InvoiceCounts', 'type InvoiceDkk',
  'type InvoiceEntry', 'formatMoney', 'type InvoiceCheckFindingCode',
  'type InvoiceJson', 'type InvoiceLanguage', 'type InvoiceLine', 'type InvoiceLineKind', 'type InvoiceSeller',
  'type InvoiceStatus', 'type InvoiceSummary', 'type InvoiceSummaryJson', 'isApiError', 'isSvcError',
  'type KeyField', 'type KeyFieldGroupUsage', 'type KeyFieldOption', 'type KeyFieldsEntry', 'type KeyFieldsRecord',
  'type KeyFieldType', 'type KeyFieldUsage', 'type KeyFieldValue', 'type KeyInfo', 'type KeyInfoResponse',
  'type KeyProduct', 'type KeyRow', 'type KeySource', 'type KeyUsageEntry', 'type KeyUsageHead',
  'type KeyUsageInput', 'type KeyUsagePeriod', 'type KeyUsageTotals', 'type KeyWeight', 'type KeyWeightUsage', 'type JsonOf',
  'type Manifest', 'type ManifestFile', 'type ManifestSummary', 'MissingTranslationError', 'type ModelInfo', 'type Language',
  'type ModelInfoResponse', 'type ModelProduct', 'type ModelUsage', 'type MonthCost', 'type MonthEndDeps',
  'type MonthEndOptions', 'type MonthEndProgress', 'type MonthKeyUsage', 'type MonthlyUsageEntry',
  'type MissingRate', 'type MonthlyUsagePeriod', 'NotFoundError', 'type OrgCostFigures', 'type OrgFigures', 'type OrgKeyUsage',
  'type OrgKeyUsageJson', 'type OrgMonthlyUsage', 'type OrgMonthlyUsageJson', 'type OrgOutcome', 'type OrgPlanCost',
  'type OrgPlanCostJson', 'type OrgStatus', 'type OutputKind', 'OutputPathError', 'OutputWriteError', 'parseExchangeRates',
  'parseRunConfig', 'parseRunConfigJson', 'type PartName', 'type PartnerApi', 'PartnerClient', 'OutputLinkError',
  'type PartnerClientOptions', 'type PartnerCustomer', 'type PartnerCustomerKeys', 'type PartnerKey',
  'type PartnerModel', 'type PartnerProfile', 'type PartnerReportOptions', 'type PartnerStatus', 'type PartOutcome',
  'PermissionDeniedError', 'type DeniedKind', 'type PlanCostLine', 'type PlanCostMissing', 'type PlanCostPeriod', 'type PricingService',
  'type PricingType', 'type ProviderUsage', 'type PublishedRate', 'RateLimitError', 'type RateRow', 'RedirectError', 'type RedirectTarget', 'InvoiceMismatchError', 'type RatesFileEntry', 'type RateSource', 'renderCreditNotePdf', 'renderCreditNoteUbl',
  'type RenderInvoiceOptions', 'renderInvoicePdf', 'renderInvoiceUbl', 'type RenderUblOptions', 'type ReportingApi',
  'ReportingClient', 'type ReportingClientOptions', 'type ReportPeriod', 'ReportPeriodError', 'ResponseSchemaError',
  'ResponseTooLargeError', 'type RunClientOptions', 'type RunConfig', 'RunConfigError', 'runFigures',
  'type RunFigures', 'RunLockedError', 'runMonthEnd', 'RunOptionError', 'type RunOrganization', 'type RunStatus',
  'SchemaError', 'SearchFailedError', 'type SearchRequest', 'type SearchResponse', 'type SearchResult',
  'ServerError', 'SetupNeedsAttentionError', 'type SliceRow', 'sumMinor', 'SvcError', 'TimeoutError',
  'type TimeoutPlace', 'toMinorUnits', 'UnknownLanguageError', 'UnsafeAmountError', 'type UsageSlice',
  'type UsageSummary', 'type UsageWithheld', 'type VatDecision', 'type VatInDkk', 'type VatReason',
  'type VatReasonCode', 'type VatFindingCode', 'type VatInfoCode', 'type VatSeverity', 'type VatTreatment', 'VERSION', 'type WeightSource',
  'type WithheldRecords', 'verifyRun', 'type VerifyOptions', 'type VerifyReport', 'type VerifyDifference',
  'type AnswerTap', 'type ReceivedAnswer', 'type KeptAnswer', 'type KeptAnswersIndex', 'type PreviousMonthLink', 'type JournalChanges', 'type JournalVoucher',
];

/** svc-reporting/schemas: the zod schemas of the records and the run config, and the two parsers. */
const SCHEMAS_EXPORTS = [
  'ActivityMetricsSchema', 'CorePlanSchema', 'CreditNoteDetailsSchema', 'CurrencySchema',
  'DailyActivityResponseSchema', 'DailyActivitySchema', 'DailyUsageSchema', 'DevPlanSchema', 'ErrorBodySchema',
  'InvoiceBuyerSchema', 'InvoiceLanguageSchema', 'InvoiceLineKindSchema', 'InvoiceLineSchema', 'InvoiceListSchema',
  'InvoiceSchema', 'InvoiceSellerSchema', 'InvoiceStatusSchema', 'InvoiceSummarySchema', 'KeyCreditsSchema',
  'KeyDevPlanSchema', 'KeyFieldGroupUsageSchema', 'KeyFieldOptionSchema', 'KeyFieldSchema', 'KeyFieldsEntrySchema',
  'KeyFieldsRecordSchema', 'KeyFieldTypeSchema', 'KeyFieldUsageSchema', 'KeyFieldValueSchema',
  'KeyInfoResponseSchema', 'KeyInfoSchema', 'KeyModelUsageSchema', 'KeyProductSchema', 'KeyUsageEntrySchema',
  'KeyUsageTotalsSchema', 'ModelInfoDetailsSchema', 'ModelInfoResponseSchema', 'ModelInfoSchema',
  'ModelProductSchema', 'ModelUsageSchema', 'MonthlyUsageEntrySchema', 'OrgKeyUsageSchema', 'OrgMonthlyUsageSchema',
  'OrgPlanCostSchema', 'parseJsonRecord', 'parseRecord', 'PartnerCustomerKeysSchema', 'PartnerCustomerSchema',
  'PartnerKeySchema', 'PartnerModelSchema', 'PartnerProfileSchema', 'PartnerStatusSchema', 'PlanCostLineSchema',
  'PlanCostMissingSchema', 'PlanCostPeriodSchema', 'PricingServiceSchema', 'PricingTypeSchema',
  'ProviderUsageSchema', 'RunConfigSchema', 'RunOrganizationSchema', 'SearchRequestSchema', 'SearchResponseSchema',
  'SearchResultSchema', 'SearchTimeRangeSchema', 'UsageSliceSchema', 'UsageSummarySchema',
];

/** svc-reporting/queue: the month end on BullMQ and its workers (bullmq and ioredis are optional peers). */
const QUEUE_EXPORTS = [
  'type AttemptReport', 'OutputFolderMissingError', 'QueueBusyError', 'QueueDatabaseError', 'type QueueJobData', 'type QueueJobResult',
  'type QueueRunOptions', 'QueuePeerMissingError', 'QueueUnavailableError', 'QueueUrlError', 'type QueueWorker', 'type QueueWorkerOptions',
  'runMonthEndOnQueue', 'startQueueWorker',
];

const TESTING_EXPORTS = [
  'BUNDLED_SAMPLES_DIR', 'DatasetError', 'generateDataset', 'type GenerateOptions', 'type GenerateSummary',
  'type ReferenceServer', 'type ReferenceServerOptions', 'type ServerFault', 'startReferenceServer',
];

interface Entry {
  name: string;
  symbol: ts.Symbol;
  value: boolean;
}

const program = ts.createProgram(['index.d.ts', 'schemas.d.ts', 'queue.d.ts', 'testing.d.ts'].map((f) => join(DIST, f)), {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  noEmit: true,
});
const checker = program.getTypeChecker();

function exportsOf(file: string): Entry[] {
  const source = program.getSourceFile(join(DIST, file));
  if (!source) throw new Error(`no ${file}: run npm run build`);
  const module = checker.getSymbolAtLocation(source)!;
  return checker.getExportsOfModule(module).map((e) => {
    const symbol = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    return { name: e.name, symbol, value: (symbol.flags & ts.SymbolFlags.Value) !== 0 };
  });
}

const listed = (entries: Entry[]) => entries.map((e) => (e.value ? e.name : `type ${e.name}`)).sort();
const values = (list: string[]) => list.filter((n) => !n.startsWith('type ')).sort();

/** Names declared in dist/ that the declarations of `entries` refer to but no export in `available` gives. */
function unexportedTypes(entries: Entry[], available: Set<ts.Symbol>): string[] {
  const missing = new Set<string>();
  const visit = (node: ts.Node, owner: string): void => {
    // A type written `typeof X` is computed from a value and shown expanded; named types must be importable.
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      const id = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
      let s = checker.getSymbolAtLocation(id);
      if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
      const file = s?.declarations?.[0]?.getSourceFile().fileName;
      if (s && !(s.flags & ts.SymbolFlags.TypeParameter) && file && resolve(file).startsWith(DIST) && !available.has(s)) {
        missing.add(`${s.name} (in ${owner})`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, owner));
  };
  for (const e of entries) for (const d of e.symbol.declarations ?? []) visit(d, e.name);
  return [...missing].sort();
}

const run = promisify(execFile);
const SPECIFIERS = ['svc-reporting', 'svc-reporting/schemas', 'svc-reporting/queue', 'svc-reporting/testing'];
/** Each entry point's keys from one Node process that imports all four (one start-up, not four). */
let imported: Promise<Record<string, string[]>> | undefined;
/** The keys of a module as Node imports it by the package's own name (package.json `exports`). */
async function keysOf(specifier: string): Promise<string[]> {
  imported ??= (async () => {
    const script = `const out = {}; for (const s of ${JSON.stringify(SPECIFIERS)}) out[s] = Object.keys(await import(s)); console.log(JSON.stringify(out));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    return JSON.parse(stdout) as Record<string, string[]>;
  })();
  const keys = (await imported)[specifier];
  if (!keys) throw new Error(`${specifier} is not among the entry points imported`);
  return [...keys].sort();
}

describe('the package root (svc-reporting)', () => {
  const root = exportsOf('index.d.ts');

  test('exports exactly the listed names', () => {
    expect(listed(root)).toEqual([...ROOT_EXPORTS].sort());
  });

  test('imported by the package name, gives exactly the listed values', async () => {
    expect(await keysOf('svc-reporting')).toEqual(values(ROOT_EXPORTS));
  });

  test('is small: at most 69 names at run time, none of them a schema or a queue name', () => {
    // 43 of them error classes an embedder catches by class (ExchangeRatesError, which parseExchangeRates
    // throws, CredentialInResponseError, the clients' refusal of an answer holding their own credential,
    // UnprintableFieldError, the PDF's refusal of a field it cannot print whole, RedirectError, the
    // clients' refusal to follow a 3xx, and InvoiceMismatchError, getInvoiceByNumber's refusal of a
    // record that is not the invoice listed, joined them);
    // the rest one per capability (rates: parseExchangeRates; a run's proof: verifyRun).
    expect(values(ROOT_EXPORTS).length).toBeLessThanOrEqual(69);
    for (const name of [...values(SCHEMAS_EXPORTS), ...values(QUEUE_EXPORTS)]) expect(values(ROOT_EXPORTS), name).not.toContain(name);
  });

  test('names no internal part: pipeline, key store, translation, file or server helpers, value-like schema names', () => {
    const names = root.map((e) => e.name);
    for (const internal of ['HttpPipeline', 'KeyStore', 'apiErrorFromResponse', 't', 'tn', 'getLocale', 'writeFileAtomic', 'safeNamePart', 'assignSafeNames', 'startReferenceServer', 'generateDataset', 'currency', 'corePlan', 'formatPath']) {
      expect(names, internal).not.toContain(internal);
    }
    // A value whose name ends in Schema is a schema, and every schema's name ends so.
    for (const e of root.filter((x) => x.value && /^[a-z]/.test(x.name))) expect(e.name).not.toMatch(/Schema$|^(currency|invoice|key|model|pricing|core|dev)[A-Z]?/);
  });

  test('every type its declarations name can be imported from it too', () => {
    expect(unexportedTypes(root, new Set(root.map((e) => e.symbol)))).toEqual([]);
  });

  test('every error class is an SvcError, with a doc comment saying when it is thrown', async () => {
    // The queue's errors are in svc-reporting/queue: the same rules hold for them.
    const pkg = { ...(await import('../../src/index.js')), ...(await import('../../src/queue.js')) } as Record<string, unknown>;
    const errors = [...root, ...exportsOf('queue.d.ts')].filter((e) => e.value && /^[A-Z]\w*Error$/.test(e.name) && e.name !== 'SvcError');
    expect(errors.length).toBeGreaterThan(30);
    for (const e of errors) {
      const cls = pkg[e.name] as { prototype: unknown };
      expect(cls.prototype instanceof (pkg.SvcError as typeof Error), e.name).toBe(true);
      const doc = ts.displayPartsToString(e.symbol.getDocumentationComment(checker));
      expect(doc, `${e.name} has no doc comment`).toMatch(/\w+ \w+/);
      // One class per file: the class's file declares no other class.
      const file = e.symbol.declarations![0]!.getSourceFile();
      expect(file.statements.filter(ts.isClassDeclaration).length, `${e.name}: ${dirname(file.fileName)}`).toBe(1);
    }
  });
});

describe.each([
  { path: 'svc-reporting/schemas', file: 'schemas.d.ts', list: SCHEMAS_EXPORTS },
  { path: 'svc-reporting/queue', file: 'queue.d.ts', list: QUEUE_EXPORTS },
])('$path', ({ path, file, list }) => {
  const entries = exportsOf(file);

  test('exports exactly the listed names', () => {
    expect(listed(entries)).toEqual([...list].sort());
  });

  test('imported by the package name, gives exactly the listed values', async () => {
    expect(await keysOf(path)).toEqual(values(list));
  });

  test('every type its declarations name can be imported from it or from the root', () => {
    const available = new Set([...entries, ...exportsOf('index.d.ts')].map((e) => e.symbol));
    expect(unexportedTypes(entries, available)).toEqual([]);
  });
});

describe('svc-reporting/testing', () => {
  const testing = exportsOf('testing.d.ts');

  test('exports exactly the listed names: the reference server and the dataset generator', () => {
    expect(listed(testing)).toEqual([...TESTING_EXPORTS].sort());
  });

  test('imported by the package name, gives exactly the listed values', async () => {
    expect(await keysOf('svc-reporting/testing')).toEqual(values(TESTING_EXPORTS));
  });

  test('every type its declarations name can be imported from it or from the root', () => {
    const available = new Set([...testing, ...exportsOf('index.d.ts')].map((e) => e.symbol));
    expect(unexportedTypes(testing, available)).toEqual([]);
  });
});
