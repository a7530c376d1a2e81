import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InvoiceSchema } from '../../model/index.js';
import { parseJsonRecord } from '../../model/parse/index.js';
import { OutputWriter } from '../manifest/_output-writer.js';
import { creditNoteOfFile, creditNoteSource, seriesNumber, seriesState, type MadeCreditNote } from './_credit-note-numbers.js';
import type { RunConfig } from '../config/config.js';
import { sha256 } from '../manifest/hash.js';
import type { CreditNoteEntry, InvoiceEntry, ManifestFile, OrgOutcome } from '../manifest/manifest.js';
import { safeNamePart } from '../manifest/safe-name.js';
import { acquireLock } from '../../core/lock/index.js';
import { LockHeldError } from '../../core/lock/index.js';

/** The lock file in the output folder while a run reads and takes numbers of the credit-note series. */
const SERIES_LOCK = '.svc-credit-notes.lock';
/** How long a run waits for another month's run to finish its credit notes (seconds of work). */
const SERIES_LOCK_WAIT_MS = 120_000;

// Every void or held-back invoice of a run gets its way out: the credit note that cancels it
// (momsbekendtgørelsen § 58, stk. 2; VAT Directive 2006/112/EC art. 219: a document that amends
// the invoice and refers to it is an invoice itself). With the config's `credit_notes` series
// the run makes it (PDF, and the Peppol XML where the rules take the mirror); without, the
// manifest, summary.md and index.html name the command that makes it.

/** What the credit-note step needs from the run. */
export interface CreditNoteContext {
  monthDir: string;
  writer: OutputWriter;
  /** What of the run config the credit notes read: each organization's language, and the series. */
  config: { organizations: ReadonlyArray<Pick<RunConfig['organizations'][number], 'org_id' | 'language'>>; credit_notes?: RunConfig['credit_notes'] };
  /** `--language`, over each organization's own and the invoice's. */
  language: string | null;
  /** The date the credit notes are made with (`YYYY-MM-DD`). */
  issueDate: string;
  version: string;
}

/** Whether an invoice needs a credit note: void, or held back (checkInvoice finds an error). */
export function needsCreditNote(i: InvoiceEntry): boolean {
  return i.status === 'void' || i.held_back === true;
}

/** A word a POSIX shell takes as it is, quoted only when it has to be. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9._/~+=:-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that makes the invoice's credit note from its saved JSON, run in the month folder
 * (`NUMBER`: the next of the seller's credit-note series); `--language` where the run chose one
 * (else the invoice's own, as its PDF's).
 */
export function creditNoteCommandLine(jsonPath: string, issueDate: string, language: string | undefined): string {
  return `svc invoices credit-note ${shellWord(jsonPath)} --number NUMBER --date ${issueDate}${language ? ` --language ${language}` : ''} --format both`;
}

/** The PDF's language: `--language`, else the organization's, else the invoice's own (as its PDF's). */
function languageOf(ctx: CreditNoteContext, orgId: string, invoiceLanguage: string): string {
  return ctx.language ?? ctx.config.organizations.find((o) => o.org_id === orgId)?.language ?? invoiceLanguage;
}

/**
 * The credit note an earlier run of the month made of the invoice, kept as it was made, where
 * making it now would give other bytes (the invoice's record corrected in place since, another
 * svc version, another language): a credit note once issued, and perhaps sent, is never made
 * again, whatever it would say now. Undefined when there is none to keep: the earlier manifest
 * lists no PDF of this number for the invoice, or its bytes on disk are no longer those it lists
 * (then it is made again, with its number and date).
 */
async function keptAsMade(ctx: CreditNoteContext, entry: InvoiceEntry, stem: string, number: string, issueDate: string, earlier: MadeCreditNote | undefined, sourceSha256: string): Promise<CreditNoteEntry | undefined> {
  const [previousPdf, previousXml] = [ctx.writer.previousEntry(`${stem}.pdf`), ctx.writer.previousEntry(`${stem}.xml`)];
  const listed = creditNoteOfFile(previousPdf) ?? creditNoteOfFile(previousXml);
  if (!listed || listed.invoice !== entry.id || listed.number !== number) return undefined;
  const pdf = previousPdf ? await ctx.writer.keepAsMade(`${stem}.pdf`) : undefined;
  if (!pdf) {
    // Its PDF is gone or changed, and the record has changed since it was made: made again now it
    // would credit another record under the number issued. Refused; an intact XML stays as made.
    if ((previousPdf ?? previousXml)!.source_sha256 === sourceSha256) return undefined;
    // Both still listed as the earlier run wrote them (the missing one as missing): every later run
    // knows the credit note was made, and takes it back as made once the issued PDF is put back.
    const listedFiles = [
      previousPdf && ctx.writer.keepListed(`${stem}.pdf`),
      previousXml && ((await ctx.writer.keepAsMade(`${stem}.xml`)) ?? ctx.writer.keepListed(`${stem}.xml`)),
    ];
    for (const f of listedFiles) if (f) entry.files.push(f.path);
    return {
      status: 'failed', number, issue_date: issueDate,
      reason: `${stem}.pdf, credit note ${number} as issued, is missing or changed on disk, and invoice ${entry.invoice_number}'s record has changed since it was made: it cannot be made again as issued; put the issued PDF back`,
    };
  }
  const made: CreditNoteEntry = { status: 'made', number, issue_date: issueDate };
  const paths = [pdf.path];
  if (ctx.writer.previousEntry(`${stem}.xml`)) {
    const xml = await ctx.writer.keepAsMade(`${stem}.xml`);
    if (xml) paths.push(xml.path);
    made.einvoice = xml ? 'written' : 'failed';
    if (!xml) made.einvoice_error = `${stem}.xml, made with the credit note, is no longer as the run that made it wrote it (missing or changed on disk)`;
  } else {
    made.einvoice = 'failed';
    made.einvoice_error = earlier?.einvoice_error ?? 'none was made with the credit note';
  }
  entry.files.push(...paths);
  return made;
}

async function makeOne(ctx: CreditNoteContext, org: OrgOutcome, entry: InvoiceEntry, json: ManifestFile, number: string, issueDate: string, earlier?: MadeCreditNote): Promise<CreditNoteEntry> {
  const raw = await readFile(join(ctx.monthDir, json.path));
  // The JSON the run saved is what the credit note mirrors: it must still be the one it saved.
  if (sha256(raw) !== json.sha256) throw new Error(`${json.path} is no longer the invoice the run saved (its sha256 differs from the manifest's)`);
  const invoice = parseJsonRecord(InvoiceSchema, raw.toString('utf8'), `invoice ${json.path}`);
  const language = languageOf(ctx, org.org_id, invoice.language);
  // The renderers (and the e-invoice's error) load only when a credit note is made.
  const [{ renderCreditNotePdf }, { renderCreditNoteUbl, EInvoiceError }] = await Promise.all([import('../../invoice/index.js'), import('../../einvoice/index.js')]);
  const credit = { number, issueDate };
  const stem = `${org.folder}/credit-note-${safeNamePart(number)}`;
  const common = { org_id: org.org_id, source_sha256: json.source_sha256, source: creditNoteSource(number, issueDate, entry.id) };
  const pdfRequest = { ...common, path: `${stem}.pdf`, kind: 'credit_note_pdf' as const, generator: `svc ${ctx.version} credit note, ${language}` };
  // Made before with what makes it now: kept as `unchanged` by emit, and re-derived by svc verify as any document.
  if (!(await ctx.writer.isCurrent(pdfRequest))) {
    const kept = await keptAsMade(ctx, entry, stem, number, issueDate, earlier, json.source_sha256);
    if (kept) return kept;
  }
  // The PDF first: a date before the invoice's, or a record it cannot show, fails the credit note whole.
  const pdf = await ctx.writer.emit({ ...pdfRequest, produce: () => renderCreditNotePdf(invoice, credit, { language }) });
  const made: CreditNoteEntry = { status: 'made', number, issue_date: issueDate };
  const paths = [pdf.path];
  try {
    const xml = await ctx.writer.emit({
      ...common, path: `${stem}.xml`, kind: 'credit_note_xml', generator: `svc ${ctx.version} credit note e-invoice, ${language}`,
      produce: async () => renderCreditNoteUbl(invoice, credit, { language }),
    });
    paths.push(xml.path);
    made.einvoice = 'written';
  } catch (e) {
    // Where the Peppol rules reject the mirror of a wrong invoice (a total that is not net + VAT,
    // …) or the record has no Peppol address, the PDF is the credit note, and the entry says why.
    if (!(e instanceof EInvoiceError)) throw e;
    made.einvoice = 'failed';
    made.einvoice_error = e.message;
    await ctx.writer.retire(`${stem}.xml`);
  }
  entry.files.push(...paths);
  return made;
}

/**
 * Gives each void or held-back invoice of the run its `credit_note`: made from the config's
 * series (a number an earlier run gave it is kept, and its date; new ones continue the series
 * past every number the month folders' manifests record), or the command that makes it. A
 * credit note that cannot be made fails alone, with its reason and the command. Goes through
 * the organizations in the config's order and their invoices in the run's order, so the same
 * run numbers the same way.
 */
export async function settleCreditNotes(ctx: CreditNoteContext, organizations: readonly OrgOutcome[]): Promise<void> {
  const wanting = organizations.flatMap((org) => org.invoices.filter(needsCreditNote).map((entry) => ({ org, entry })));
  if (!wanting.length) return;
  if (!ctx.config.credit_notes) return settle(ctx, wanting);
  // Runs of two months into one output folder take numbers from one series: one at a time.
  let release: () => Promise<void>;
  try {
    release = await acquireLock(join(dirname(ctx.monthDir), SERIES_LOCK), { waitMs: SERIES_LOCK_WAIT_MS });
  } catch (e) {
    if (!(e instanceof LockHeldError)) throw e;
    return settle(ctx, wanting, `another run (process ${e.holder.pid ?? '?'}) was numbering credit notes in this output folder for ${SERIES_LOCK_WAIT_MS / 1000} s`);
  }
  try {
    await settle(ctx, wanting);
  } finally {
    await release();
  }
}

/** Each invoice's credit note, made or named; `blocked`: why none can be numbered now (each then fails with it and its command). */
async function settle(ctx: CreditNoteContext, wanting: ReadonlyArray<{ org: OrgOutcome; entry: InvoiceEntry }>, blocked?: string): Promise<void> {
  const files = new Map(ctx.writer.files.map((f) => [f.path, f]));
  const series = ctx.config.credit_notes;
  // Read with or without a series: a credit note an earlier run made stays made (its number was
  // issued), also after the series is taken out of the config.
  const state = await seriesState(dirname(ctx.monthDir), series);
  let next = state.next;
  for (const { org, entry } of wanting) {
    const json = entry.files.map((p) => files.get(p)).find((f) => f?.kind === 'invoice_json');
    const kept = state.byInvoice.get(entry.id);
    // Made by another month's run, in that month's folder: that is the credit note, not made twice.
    if (kept?.month !== undefined && kept.month !== basename(ctx.monthDir)) {
      entry.credit_note = { status: 'made', number: kept.number, issue_date: kept.issue_date, month: kept.month };
      continue;
    }
    const issueDate = kept?.issue_date ?? ctx.issueDate;
    const chosen = ctx.language ?? ctx.config.organizations.find((o) => o.org_id === org.org_id)?.language;
    const command = json ? creditNoteCommandLine(json.path, issueDate, chosen) : undefined;
    const makes = series !== undefined || kept !== undefined;
    if (!makes || !json || blocked) {
      const reason = blocked ?? 'the invoice\'s JSON was not saved by this run';
      entry.credit_note = { status: makes ? 'failed' : 'to_make', ...(makes ? { reason } : {}), ...(command ? { command } : {}) };
      continue;
    }
    const number = kept?.number ?? seriesNumber(series!, next);
    try {
      entry.credit_note = await makeOne(ctx, org, entry, json, number, issueDate, kept);
      if (!kept) next++;
    } catch (e) {
      entry.credit_note = { status: 'failed', reason: e instanceof Error ? e.message : String(e), ...(command ? { command } : {}) };
    }
  }
}

/**
 * The credit note a run made of `entry` (`note`: its number and date as the manifest records
 * them), made again into `monthDir` from the invoice's JSON there: what `svc verify` compares
 * with the run's files. `orgLanguage` is the organization's configured language, `language` the
 * run's `--language`. Returns the entry as the run would record it and the files made.
 */
export async function remakeCreditNote(input: {
  monthDir: string; org: OrgOutcome; entry: InvoiceEntry; json: ManifestFile; number: string; issueDate: string;
  language: string | null; orgLanguage: string | undefined; version: string;
}): Promise<{ note: CreditNoteEntry; files: ManifestFile[] }> {
  const writer = new OutputWriter(input.monthDir, new Map());
  const ctx: CreditNoteContext = { monthDir: input.monthDir, writer, config: { organizations: [{ org_id: input.org.org_id, language: input.orgLanguage }] }, language: input.language, issueDate: input.issueDate, version: input.version };
  const note = await makeOne(ctx, input.org, input.entry, input.json, input.number, input.issueDate);
  return { note, files: writer.files };
}
