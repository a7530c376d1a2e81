import type { InvoiceCheckFinding } from '../../check/findings/index.js';
import type { CostFinding } from '../../report/index.js';
import type { DkkRateFacts, VatTreatment } from '../../vat/index.js';
import type { RunFigures } from '../figures/run-figures.js';
import type { BooksSettings } from '../config/books-config.js';

/**
 * What kind of document a manifest file entry is; `summary`, `index_page`, `journal` and
 * `vat_return` are the run's own (summary.md, index.html, books/journal.csv,
 * books/vat-return.json); `api_answer` is an API answer the run kept (a body) and `api_answers`
 * the index of a unit's kept answers (kept-answers.ts).
 */
export type OutputKind =
  | 'invoice_json' | 'invoice_pdf' | 'invoice_xml' | 'service_pdf' | 'credit_note_pdf' | 'credit_note_xml'
  | 'cost_workbook' | 'partner_workbook' | 'exchange_rates' | 'summary' | 'index_page' | 'journal' | 'vat_return' | 'api_answer' | 'api_answers';

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
  /** What the source was, e.g. `invoice 0a1b... (2026-1001)` or `cost report 2026-10: the API answers in org-x/answers/index.json`. */
  source: string;
  /** What else decided the bytes, e.g. `svc 0.2.0 renderer, da`; a change rewrites the file. */
  generator: string;
  status: FileStatus;
  /** Set when rewritten: the source hash the old file was made from, when known. */
  previous_source_sha256?: string;
}

/**
 * `kept_answers`: the answers the documents were made from could not be kept (kept-answers.ts); then failed.
 * `invoice_pdfs`: listed only when an invoice's PDF could not be made (a field it cannot print whole,
 * UnprintableFieldError); then failed, its reason naming each such invoice and field, while the
 * invoices part (the records, the e-invoices, what the books count) stands.
 */
export type PartName = 'invoices' | 'invoice_pdfs' | 'service_pdfs' | 'cost_workbook' | 'partner_workbook' | 'kept_answers';

/** One part of an organization's output and how it went. */
export interface PartOutcome {
  part: PartName;
  status: 'ok' | 'skipped' | 'failed';
  /** Why skipped or failed, e.g. `403: usage is not shared with this organization`. */
  reason?: string;
  /** HTTP status behind a skip or failure, when there was one. */
  http_status?: number;
  /**
   * An `ok` part made without records the service withheld (403 not shared, 409 setup needs
   * attention): which, and why, e.g. a cost workbook made from the invoices and the plan
   * without usage. The part's file is written and says the same where the records are missing.
   */
  without?: WithheldRecords[];
}

/** Records the service withheld from a part: `reason` as a skip's is worded, with the HTTP status when known. */
export interface WithheldRecords {
  records: 'usage' | 'invoices' | 'plan_cost';
  reason: string;
  http_status?: number;
}

/** An invoice of the month as the summary shows it (source data, not a computed figure). */
export interface InvoiceEntry {
  id: string;
  invoice_number: string;
  status: 'issued' | 'void';
  period_start: string;
  /** When payment is due (the invoice's `due_at`). */
  due_at?: string;
  period_end: string;
  currency: string;
  /** Net (the invoice's `subtotal_cents`), VAT and total incl. VAT as the invoice states them, minor units. */
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  /** The invoice's own USD/DKK rate (decimal string), which converts a USD invoice to DKK; null when it has none. */
  usd_dkk_rate: string | null;
  /**
   * An invoice not in DKK: its net, VAT and total in DKK (øre; the total and the VAT each rounded
   * half up once, the net their difference, vat/dkk-conversion.ts invoiceDkkAmounts; null without
   * a rate) and the rate they were converted at, its source (the invoice's own rate or
   * the run's rates file) and its day, or why there is none. Absent on DKK invoices and in
   * manifests of earlier versions.
   */
  dkk?: InvoiceDkk;
  /**
   * What the payer quotes so that the payment matches this invoice alone (check/payment-reference.ts):
   * the FI payment line, or the invoice number. No two invoices of a run, nor of the run and the
   * previous month's, share one (`payment_id_shared`). Absent in manifests of earlier versions.
   */
  payment_id?: string;
  /** What `checkInvoice` found that does not add up; absent when everything does. */
  findings?: InvoiceCheckFinding[];
  /**
   * Set on an issued invoice `checkInvoice` finds an error in: it is not valid as it stands. Its
   * PDF is marked NOT VALID on every page and asks for no payment, it gets no e-invoice, and no
   * total of the run counts it; it needs a credit note (`credit_note`) and a new invoice.
   */
  held_back?: true;
  /** For a void or held-back invoice: the credit note that cancels it, made by the run or still to make. */
  credit_note?: CreditNoteEntry;
  /** What the books need of the record (runner/figures/books.ts): its date, VAT treatment, buyer and charged lines per category. Absent in manifests of earlier versions. */
  booking?: InvoiceBooking;
  /** The invoice's JSON, PDF and e-invoice, and its credit note's PDF and e-invoice when the run made them. */
  files: string[];
  /**
   * The invoice's Peppol e-invoice (`invoice-<number>.xml`): `written` (listed in `files`),
   * `void` (a void invoice is never sent as an e-invoice), or `failed`: not made, because
   * `checkInvoice` found an error (no e-invoice leaves with one: VAT not stated in DKK, Danish
   * VAT to an EU business, figures that do not add up, a payment line the buyer cannot use, …)
   * or a field of the record cannot be mapped (a buyer with no Peppol address, a bank text with
   * no account). The PDF is made either way, for a person to check.
   */
  einvoice?: 'written' | 'void' | 'failed';
  /**
   * Set when no PDF of the invoice was made: the field the PDF cannot print whole and why
   * (`buyer.legal_name: has characters the PDF's fonts (DejaVu Sans) have no glyph for: …`). The
   * organization's part `invoice_pdfs` fails with the same words; its JSON and e-invoice are made.
   * Absent in manifests of earlier versions.
   */
  pdf_error?: string;
  /** With `einvoice: 'failed'`: one sentence naming the record's field and why (`usd_dkk_rate: VAT is charged in USD but …`). */
  einvoice_error?: string;
  /**
   * With `einvoice: 'failed'` when a `checkInvoice` finding stopped it: the finding's code
   * (`vat_not_in_dkk`, `danish_vat_to_eu_business`, `total`, `fik_not_dkk`, …, as in `findings`).
   * Absent when a field could not be mapped, which has no finding code.
   */
  einvoice_code?: string;
}

/**
 * The credit note a void or held-back invoice needs (momsbekendtgørelsen § 58, stk. 2; VAT
 * Directive art. 219: a document that amends and refers to the invoice is an invoice itself).
 * `made`: the run made it from the config's `credit_notes` series (`number`, `issue_date`, its
 * files among the invoice's `files`); `to_make`: no series is configured, `command` makes it;
 * `failed`: the series is configured but it could not be made (`reason`), `command` makes it.
 */
export interface CreditNoteEntry {
  status: 'made' | 'to_make' | 'failed';
  number?: string;
  issue_date?: string;
  /** With `made`: its Peppol XML `written`, or `failed` with `einvoice_error` (the PDF stands alone). */
  einvoice?: 'written' | 'failed';
  einvoice_error?: string;
  /**
   * With `made`: the month whose run made it, in that month's folder, where the invoice was then
   * (the service has moved its period since); nothing is made in this month's folder. Absent when
   * it is this month's.
   */
  month?: string;
  /** Why it could not be made (`failed`). */
  reason?: string;
  /** The `svc invoices credit-note …` command that makes it, run in the month folder (`to_make`, `failed`). */
  command?: string;
}

/** What the books take of an invoice record (InvoiceEntry.booking), read once where the record is. */
export interface InvoiceBooking {
  /** The invoice date (the day of `issued_at`); its voucher's date and VAT period are its chargeable day's (vat/dkk-conversion.ts chargeableEventOf), this date for all but a reverse-charge service. */
  invoice_date: string;
  /** The one VAT decision (vat/decide-vat.ts): which box of the VAT return its figures go to. */
  treatment: VatTreatment;
  /** The seller's VAT number without spaces or dots (whose books and VAT return the invoice is in). Absent in manifests of earlier versions. */
  seller_vat?: string;
  /** The buyer's name as the invoice states it (the journal's text). */
  buyer_name: string;
  /** The buyer's VAT number without spaces or dots, as on the EU sales list (with `reverse_charge`). */
  buyer_vat?: string;
  /** The buyer's country (ISO 3166-1 alpha-2) when the record tells it. */
  buyer_country?: string;
  /** The charged lines summed per category in the invoice's currency (minor units), subscription, usage, dev overage: its revenue lines. */
  categories: Array<{ category: 'subscription' | 'usage' | 'dev_overage'; cents: number }>;
}

/** An invoice not in DKK in DKK (InvoiceEntry.dkk): the amounts and how they were converted. */
export interface InvoiceDkk extends DkkRateFacts {
  net_cents: number | null;
  vat_cents: number | null;
  total_cents: number | null;
}

/** One month's usage in DKK as the monthly-usage record states it. */
export interface MonthCost {
  /** `YYYY-MM`. */
  month: string;
  /** Decimal string; null when the month has no rate. */
  usage_dkk: string | null;
  rate_estimated: boolean;
}

/** A kind of invoice line charged besides usage and the plan (e.g. `dev_overage`), summed in øre; null when no rate converts it. */
export interface CostCharge {
  kind: string;
  dkk_cents: number | null;
}

/** The organization's cost for the month in DKK, excl. VAT, as the cost records give it; null where unknown. */
export interface CostInDkk {
  /** Usage in DKK for the month (decimal string), null when the month has no rate or usage is withheld. */
  usage_dkk: string | null;
  usage_usd: string | null;
  rate_estimated: boolean;
  /** Dev overage in øre from the month's issued invoice; null when not invoiced (yet). The same figure as the `dev_overage` charge. */
  dev_overage_dkk_cents?: number | null;
  /**
   * Every kind of line the month's issued invoices charge besides usage and the plan, in the
   * order the invoices list them: `dev_overage`, and any kind a record brings later. Empty when
   * the month has no issued invoice. Absent in manifests of earlier versions.
   */
  charges?: CostCharge[];
  /** The month's own plan (subscription) in øre, null when not known. */
  plan_dkk_cents: number | null;
  /** Where the plan comes from: the month's issued invoice, today's plan (the current month only), or nowhere (not known). */
  plan_source?: 'invoice' | 'current' | 'none';
  /** Numbers of the invoices the plan comes from. */
  plan_invoices?: string[];
  /** usage + charges + plan in DKK (decimal string, exact), null unless every part is known. */
  total_dkk: string | null;
  /** Set when the service withheld usage (403 not shared, 409): usage and total are then not known. */
  usage_withheld?: { http_status: number; reason: string };
  /** Usage per month of the month's year up to the month, oldest first (for the front page's chart). */
  months?: MonthCost[];
  /**
   * Usage figures the records contradict, each naming its record and field (report/cost-findings.ts:
   * `dkk_spend_implausible`, `day_repeated`, `key_repeated`, …); absent when there is none. A month
   * whose DKK is contradicted has `usage_dkk` null.
   */
  findings?: CostFinding[];
}

export type OrgStatus = 'ok' | 'partly_skipped' | 'skipped' | 'failed' | 'interrupted' | 'not_run';

export interface OrgOutcome {
  org_id: string;
  name: string;
  /** Folder under the month folder (a safe name of the org id). */
  folder: string;
  /**
   * ok: everything made; partly_skipped: some part made, some skipped (see parts), nothing failed;
   * skipped: every part skipped; failed: a part failed; interrupted: stopped part-way by the run's
   * abort; not_run: the run was interrupted before it started. (Manifests before 0.2 said
   * `skipped` for partly skipped too.)
   */
  status: OrgStatus;
  /** The first failure's message, when failed. */
  error?: string;
  parts: PartOutcome[];
  invoices: InvoiceEntry[];
  cost: CostInDkk | null;
  /**
   * Invoices an earlier run of this month made (their files kept) that this run did not read again:
   * the service withheld its invoice list, or no longer lists them for the month. The organization
   * fails, and the books name them as not read (unit/_kept-invoices.ts). Absent when there are none.
   */
  invoices_not_read?: Array<{ id: string; invoice_number: string }>;
  /** The language of the organization's documents (its cost workbook). */
  language?: string;
  /**
   * What the client said about the organization's answers that is no failure, as it said it:
   * an answer that was not valid UTF-8 (its invalid bytes became U+FFFD), naming the request
   * and the fields. Absent when there was nothing to say.
   */
  notes?: string[];
  started_at?: string;
  finished_at?: string;
}

/** The rates file a run was given (`--rates`), kept in the month folder as the documents' evidence. */
export interface RatesFileEntry {
  /** Its name as given (the file's base name). */
  name: string;
  /** The copy under the month folder. */
  path: 'exchange-rates.csv' | 'exchange-rates.xml';
  sha256: string;
  /** Who published it, as read from its content. */
  source: 'ecb' | 'nationalbank';
  /** The last day it has a rate for. */
  last_day: string;
}

export interface ManifestSummary {
  month: string;
  organizations: number;
  ok: number;
  /** Some part made, some skipped. */
  partly_skipped: number;
  /** Every part skipped. */
  skipped: number;
  failed: number;
  interrupted_orgs: number;
  not_run: number;
  files: number;
  written: number;
  rewritten: number;
  unchanged: number;
  kept: number;
  /** E-invoice XML files of this run's issued invoices, and the issued invoices (not held back) that got none. */
  einvoices: number;
  einvoices_failed: number;
  /** Issued invoices held back because `checkInvoice` finds an error in them (absent in manifests of earlier versions). */
  held_back?: number;
  /** Credit notes the run made, and void or held-back invoices whose credit note is still to make. */
  credit_notes_made?: number;
  credit_notes_to_make?: number;
  bytes: number;
  interrupted: boolean;
}

/**
 * `T` as JSON.parse gives it back: its BigInt figures as numbers. The manifest file writes each
 * of the run's figures (BigInt, exact at any size) as a JSON integer of all its digits; a
 * double-reading parser (JavaScript's JSON.parse, as here) rounds those past 2^53 − 1, a reader
 * that keeps big integers (Python's json) gets every digit. runFigures gives them as BigInt.
 */
export type JsonOf<T> = T extends bigint ? number : T extends ReadonlyArray<infer U> ? Array<JsonOf<U>> : T extends object ? { [K in keyof T]: JsonOf<T[K]> } : T;

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
  /**
   * How the run was made. A run on a queue (`svc month-end --queue`) names its queue and `--rate`;
   * its concurrency is then 0, each worker having its own.
   */
  options: {
    concurrency: number; language: string | null; with_service_pdf: boolean; queue?: { name: string; rate: number | null }; rates?: RatesFileEntry | null;
    /** Where the run's books posted (the config's `books`, defaults filled in). Absent in manifests of earlier versions. */
    books?: BooksSettings;
  };
  summary: ManifestSummary;
  /**
   * The run's figures as summary.md and index.html show them: per organization and for the run,
   * issued invoices per currency, all in DKK, cost in DKK by category (usage, each charged kind,
   * plan) with totals that foot to the øre, as JSON integers of every digit (see JsonOf).
   * Absent in manifests of earlier versions.
   */
  figures?: JsonOf<RunFigures>;
  organizations: OrgOutcome[];
  partner: PartOutcome | null;
  /** How this run's books/journal.csv differs from the one the last run of this month wrote; absent when it does not (or there was none). */
  journal_changes?: JournalChanges;
  /**
   * Why this run's journal was not compared with the last run's, though there was one: this run
   * did not read every organization's invoices (`run_incomplete`, naming them; an interrupted run
   * names none), the last one did not (`earlier_incomplete`), or its journal is not on disk as its
   * manifest lists it (`earlier_changed`). Its vouchers gone or new would be those organizations'
   * or that file's, not the service's.
   */
  journal_not_compared?: { code: 'run_incomplete' | 'earlier_incomplete' | 'earlier_changed'; orgs?: string[] };
  /**
   * The previous month's manifest in the same output folder, by its sha256 (chain.ts): an earlier
   * month altered or removed after this run no longer matches. Absent in manifests of earlier versions.
   */
  previous_month?: PreviousMonthLink;
  files: ManifestFile[];
}

/** A voucher of the journal by its debtor line: its date and the amount the debtor is posted (øre). */
export interface JournalVoucher {
  voucher: string;
  date: string;
  debtor_ore: number;
}

/**
 * A rerun's journal against the last run's of the month (runner/figures/journal-changes.ts): a
 * bookkeeping system that imported the earlier one must take these in (a voucher voided since,
 * an invoice corrected in place, another rate). Compared line by line without the text column,
 * which only the language changes.
 */
export interface JournalChanges {
  /** sha256 of the earlier books/journal.csv (its manifest's entry). */
  previous_sha256: string;
  /** In the earlier journal, not in this one. */
  removed: JournalVoucher[];
  /** In this one, not in the earlier. */
  added: JournalVoucher[];
  /** In both, with other lines: the debtor before and now. */
  changed: Array<{ voucher: string; date: string; before_ore: number; after_ore: number }>;
}

/** What a run found of the previous month's run in the same output folder. */
export interface PreviousMonthLink {
  /** `YYYY-MM`. */
  month: string;
  /** sha256 of its manifest.json as it was when this run finished; null when there was none. */
  manifest_sha256: string | null;
  /** Its manifest was a checkpoint of a run not finished. */
  in_progress?: true;
}
