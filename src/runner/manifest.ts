/** What kind of document a manifest file entry is. */
export type OutputKind = 'invoice_json' | 'invoice_pdf' | 'invoice_xml' | 'service_pdf' | 'cost_workbook' | 'partner_workbook' | 'summary';

/**
 * What this run did with a file: `written` new, `rewritten` because its source changed (or the
 * file on disk no longer matched), `unchanged` skipped because its source hash and bytes match,
 * `kept` left from an earlier run for an organization this run did not finish.
 */
export type FileStatus = 'written' | 'rewritten' | 'unchanged' | 'kept';

export interface ManifestFile {
  /** Relative to the month folder, with `/` separators. */
  path: string;
  /** The organization it belongs to; null for run-wide files (the partner workbook). */
  org_id: string | null;
  kind: OutputKind;
  size: number;
  sha256: string;
  /** sha256 of the source record(s) the file was made from (e.g. the invoice's raw JSON). */
  source_sha256: string;
  /** What the source was, e.g. `invoice 0a1b... (2026-1001)` or `cost report records 2026-10`. */
  source: string;
  /** What else decided the bytes, e.g. `svc 0.1.0 renderer, da`; a change rewrites the file. */
  generator: string;
  status: FileStatus;
  /** Set when rewritten: the source hash the old file was made from, when known. */
  previous_source_sha256?: string;
}

export type PartName = 'invoices' | 'service_pdfs' | 'cost_workbook' | 'partner_workbook';

/** One part of an organization's output and how it went. */
export interface PartOutcome {
  part: PartName;
  status: 'ok' | 'skipped' | 'failed';
  /** Why skipped or failed, e.g. `403: usage is not shared with this organization`. */
  reason?: string;
  /** HTTP status behind a skip or failure, when there was one. */
  http_status?: number;
}

/** An invoice of the month as the summary shows it (source data, not a computed figure). */
export interface InvoiceEntry {
  id: string;
  invoice_number: string;
  status: 'issued' | 'void';
  period_start: string;
  currency: string;
  total_cents: number;
  files: string[];
  /**
   * The invoice's Peppol e-invoice (`invoice-<number>.xml`): `written` (listed in `files`),
   * `void` (a void invoice is never sent as an e-invoice), or `failed` with `einvoice_error`
   * saying which field of the record could not be mapped; the PDF is made either way.
   */
  einvoice?: 'written' | 'void' | 'failed';
  einvoice_error?: string;
}

/** The organization's monthly cost in DKK, as the cost records give it; null where unknown. */
export interface CostInDkk {
  /** Usage in DKK for the month (decimal string), null when the month has no rate. */
  usage_dkk: string | null;
  usage_usd: string | null;
  rate_estimated: boolean;
  /** Plan (subscription) cost in øre, null when not shared or unknown. */
  plan_dkk_cents: number | null;
  /** usage + plan in DKK (decimal string), null unless both are known. */
  total_dkk: string | null;
}

export type OrgStatus = 'ok' | 'skipped' | 'failed' | 'interrupted' | 'not_run';

export interface OrgOutcome {
  org_id: string;
  name: string;
  /** Folder under the month folder (a safe name of the org id). */
  folder: string;
  /** ok: everything made; skipped: some part skipped (see parts) and nothing failed; failed: a part failed; interrupted: stopped part-way by the run's abort; not_run: the run was interrupted before it started. */
  status: OrgStatus;
  /** The first failure's message, when failed. */
  error?: string;
  parts: PartOutcome[];
  invoices: InvoiceEntry[];
  cost: CostInDkk | null;
  started_at?: string;
  finished_at?: string;
}

export interface ManifestSummary {
  month: string;
  organizations: number;
  ok: number;
  skipped: number;
  failed: number;
  interrupted_orgs: number;
  not_run: number;
  files: number;
  written: number;
  rewritten: number;
  unchanged: number;
  kept: number;
  /** E-invoice XML files of this run's issued invoices, and the issued invoices that got none. */
  einvoices: number;
  einvoices_failed: number;
  bytes: number;
  interrupted: boolean;
}

export interface Manifest {
  manifest_version: 1;
  tool: { name: 'svc'; version: string };
  month: string;
  base_url: string;
  started_at: string;
  finished_at: string;
  interrupted: boolean;
  /** Only on a checkpoint written during a run (a run killed outright leaves one); never on a finished run's manifest. */
  in_progress?: true;
  options: { concurrency: number; language: string | null; with_service_pdf: boolean };
  summary: ManifestSummary;
  organizations: OrgOutcome[];
  partner: PartOutcome | null;
  files: ManifestFile[];
}
