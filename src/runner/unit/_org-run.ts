import { TokenInDocumentError } from './token-in-document-error.js';
import type { ReportingApi } from '../../client/index.js';
import { checkInvoice, paymentReference } from '../../check/index.js';
import { type InvoiceCheckFinding } from '../../check/findings/index.js';
import { checkListedInvoice } from '../../client/index.js';
import { UnsafeAmountError } from '../../money/index.js';
import { dkkConversion, dkkRateFacts, invoiceDkkAmounts } from '../../vat/index.js';
import type { Invoice, InvoiceSummary } from '../../model/index.js';
import type { CostReportData } from '../../report/index.js';
import { VERSION } from '../../version.js';
import { EInvoiceError } from '../../einvoice/index.js';
import { UnprintableFieldError } from '../../invoice/index.js';
import { classifyError, messageOf } from './_classify.js';
import { ServicePdfs } from './_service-pdfs.js';
import type { RunScope } from './_run-scope.js';
import type { RunOrganization } from '../config/config.js';
import { sha256, sha256OfAnswers, sha256OfCostData } from '../manifest/hash.js';
import { answersDir } from '../manifest/kept-answers.js';
import type { InvoiceDkk, InvoiceEntry, OrgOutcome, PartOutcome, WithheldRecords } from '../manifest/manifest.js';
import { previousPaymentIds, type EarlierPayment } from './_previous-payment-ids.js';
import { creditedEarlier } from './_credited-earlier.js';
import { otherMonthsCreditNotes } from './_other-months-credit-notes.js';
import type { MadeCreditNote } from '../run/_credit-note-numbers.js';
import { dateInMonth } from '../options/month.js';
import { assignSafeNames, shortHash } from '../manifest/safe-name.js';
import { statusOfParts } from '../status/status.js';
import { now } from '../../core/index.js';
import { answeringOnce } from './_org-answers.js';
import { invoiceBooking } from '../figures/_booking.js';
import { keptInvoicesNotRead, type EarlierInvoice } from './_kept-invoices.js';

export interface OrgRunContext extends RunScope {
  org: RunOrganization;
  folder: string;
  withServicePdf: boolean;
  /** The credit notes an earlier run of the month made of the organization's invoices, by invoice id (creditNotesMadeIn). */
  creditNotesMade: ReadonlyMap<string, MadeCreditNote>;
  /** Other months' credit notes as a verified run found them (RunUnitContext.otherMonthsCreditNotes); read from disk when absent. */
  otherMonthsCreditNotes?: ReadonlyMap<string, MadeCreditNote>;
  /** The invoices an earlier run of the month made for it (earlierInvoicesIn): each must be read again. */
  earlierInvoices: readonly EarlierInvoice[];
  onFile: () => void;
}

function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

// Invoices of the month, oldest issue first (then id), so earlier invoices keep the plain name.
function monthInvoices(list: InvoiceSummary[], month: string): InvoiceSummary[] {
  return list
    .filter((s) => dateInMonth(s.period_start, month))
    .sort((a, b) => (a.issued_at < b.issued_at ? -1 : a.issued_at > b.issued_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * `invoice-<number>.xml` beside an issued invoice's PDF. An invoice that must not become an
 * e-invoice (EInvoiceError: an error finding of checkInvoice, with its code; or a field that
 * cannot be mapped, an unknown country, …) keeps its PDF; the entry says why it has no XML and
 * the organization goes on. A void invoice gets none: it is never sent again.
 */
async function writeEInvoice(
  ctx: OrgRunContext,
  entry: InvoiceEntry,
  invoice: Invoice,
  at: { stem: string; sourceHash: string; source: string; language: string; runFinding?: InvoiceCheckFinding | undefined },
): Promise<void> {
  // Bound, so an embedder's deps object whose methods use `this` keeps it.
  const render = ctx.deps.renderInvoiceUbl?.bind(ctx.deps);
  if (!render) return;
  if (invoice.status === 'void') {
    entry.einvoice = 'void';
    // One made while the invoice was issued must not be sent now.
    await ctx.writer.retire(`${at.stem}.xml`);
    return;
  }
  const refused = async (message: string, code: string | undefined): Promise<void> => {
    entry.einvoice = 'failed';
    entry.einvoice_error = message;
    if (code) entry.einvoice_code = code;
    await ctx.writer.retire(`${at.stem}.xml`);
  };
  // Held back by the run (credited earlier, or its payment reference shared): no e-invoice asks for it either.
  if (at.runFinding) return refused(at.runFinding.message, at.runFinding.code);
  checkAbort(ctx.signal);
  try {
    const xml = await ctx.writer.emit({
      path: `${at.stem}.xml`, org_id: ctx.org.org_id, kind: 'invoice_xml', source_sha256: at.sourceHash, source: at.source,
      generator: `svc ${VERSION} e-invoice, ${at.language}`, produce: async () => {
        const bytes = await render(invoice, { language: at.language });
        // Its VAT numbers are compacted, which can join a token the record spelled apart (TokenInDocumentError).
        if (ctx.holdsToken(bytes)) throw new TokenInDocumentError(`${at.stem}.xml`);
        return bytes;
      },
    });
    entry.files.push(xml.path);
    entry.einvoice = 'written';
    ctx.onFile();
  } catch (e) {
    if (!(e instanceof EInvoiceError)) throw e;
    await refused(e.message, e.code);
  }
}

/** An invoice not in DKK in DKK, by the one conversion (its own rate, or the run's rates file): the entry's `dkk`. */
function invoiceDkk(invoice: Invoice, ctx: OrgRunContext): InvoiceDkk | undefined {
  const conversion = dkkConversion(invoice, ctx.rates);
  const facts = dkkRateFacts(conversion);
  if (!facts) return undefined;
  try {
    // Total and VAT each converted once, the net their difference (vat/dkk-conversion.ts): as the journal posts them.
    const dkk = invoiceDkkAmounts(invoice, conversion);
    return { ...facts, net_cents: dkk?.net ?? null, vat_cents: dkk?.vat ?? null, total_cents: dkk?.total ?? null };
  } catch (e) {
    // Øre past 2^53 no JSON number states exactly: the entry keeps no `dkk`, and the run's totals
    // take the record's own rate exactly (runFigures, in BigInt); the cost workbook, which must
    // state it in a cell, fails naming it.
    if (e instanceof UnsafeAmountError) return undefined;
    throw e;
  }
}

/**
 * `payment_id_shared` (error): the reference a payer of this invoice quotes is also another
 * invoice's, earlier in this organization's month or in the previous month's run: a payment
 * quoting it would be matched to either. The run adds the same finding across organizations.
 */
function sharedPaymentId(id: string, invoice: Invoice, earlier: EarlierPayment | undefined): InvoiceCheckFinding | undefined {
  if (!earlier) return undefined;
  const path = paymentReference(invoice).from ?? 'invoice_number';
  const where = earlier.month === '' ? `invoice ${earlier.invoice_number} of this run (${earlier.org_id})` : `invoice ${earlier.invoice_number} of ${earlier.month} (${earlier.org_id})`;
  return { code: 'payment_id_shared', severity: 'error', path, message: `the payment reference ${id} is also ${where}'s, so a payment quoting it would not tell the two apart`,
    params: { id, invoice: earlier.invoice_number, org: earlier.org_id, form: earlier.month === '' ? 'run' : 'month', month: earlier.month },
  };
}

async function runInvoices(ctx: OrgRunContext, client: ReportingApi, out: OrgOutcome): Promise<string | undefined> {
  const { signal, writer, folder, org } = ctx;
  const summaries = monthInvoices(await client.listInvoices({ signal }), ctx.month);
  const lastMonth = summaries.length ? await previousPaymentIds(ctx.monthDir, ctx.month) : new Map<string, EarlierPayment>();
  // The credit notes made of its invoices: by any other month's run, and by this month's earlier ones (which decide).
  const creditNotes = summaries.length ? new Map([...(ctx.otherMonthsCreditNotes ?? (await otherMonthsCreditNotes(ctx.monthDir, ctx.month))), ...ctx.creditNotesMade]) : ctx.creditNotesMade;
  const thisMonth = new Map<string, EarlierPayment>();
  // Dots become `_` so a number like `7.service` cannot collide with another file's suffix.
  const names = assignSafeNames(summaries.map((s) => ({ raw: `invoice-${s.invoice_number.replace(/\./g, '_')}`, key: s.id })));
  let firstLanguage: string | undefined;
  const servicePdfs = ctx.withServicePdf ? new ServicePdfs(client, writer, org.org_id, signal) : undefined;
  const pdfErrors: string[] = [];
  for (const [i, summary] of summaries.entries()) {
    checkAbort(signal);
    const { invoice, raw } = await client.getInvoiceJson(summary.id, { signal });
    // Named by the list, the files must say what the list says (issue 43).
    checkListedInvoice(summary, invoice);
    firstLanguage ??= invoice.language;
    const sourceHash = sha256(raw);
    const source = `invoice ${invoice.id} (${invoice.invoice_number})`;
    const stem = `${folder}/${names[i]}`;
    const language = ctx.language ?? org.language ?? invoice.language;
    // What does not add up is recorded for a person to look at. An issued invoice with an error is
    // held back, as `svc invoices render` refuses it: its PDF is marked NOT VALID on every page and
    // asks for no payment (the renderer decides that from the same check), it gets no e-invoice
    // (renderInvoiceUbl refuses it, and writeEInvoice records why), no total counts it, and the
    // pages name the credit note it needs.
    const findings = checkInvoice(invoice);
    const wrong = invoice.status === 'issued' && findings.some((f) => f.severity === 'error');
    const paymentId = paymentReference(invoice).quote;
    // What the run finds beyond the record holds an invoice back too, and the renderer is told, so
    // it marks it NOT VALID: a reference another invoice of the month, or of last month, already
    // asks for (a payment quoting it would match either), or a credit note an earlier run of the
    // month made of it (it stays cancelled). Only invoices that ask for payment can be confused by
    // a payer's reference: a void or held-back one asks for none. The shared reference is looked
    // for first, so a credit note this run makes for it reads the same to `svc verify`, which gives
    // the run's own credit notes as the earlier ones.
    let runFinding: InvoiceCheckFinding | undefined;
    if (invoice.status === 'issued' && !wrong) {
      runFinding = sharedPaymentId(paymentId, invoice, thisMonth.get(paymentId) ?? lastMonth.get(paymentId)) ?? creditedEarlier(invoice, creditNotes);
      if (runFinding) findings.unshift(runFinding);
      else if (!thisMonth.has(paymentId)) thisMonth.set(paymentId, { invoice_number: invoice.invoice_number, org_id: org.org_id, month: '' });
    }
    const heldBack = wrong || runFinding !== undefined;
    const dkk = invoiceDkk(invoice, ctx);
    const entry: InvoiceEntry = {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      status: invoice.status,
      period_start: invoice.period_start,
      due_at: invoice.due_at,
      period_end: invoice.period_end,
      currency: invoice.currency,
      subtotal_cents: invoice.subtotal_cents,
      vat_cents: invoice.vat_cents,
      total_cents: invoice.total_cents,
      usd_dkk_rate: invoice.usd_dkk_rate ? invoice.usd_dkk_rate.toFixed() : null,
      ...(dkk ? { dkk } : {}),
      payment_id: paymentId,
      booking: invoiceBooking(invoice),
      ...(findings.length ? { findings } : {}),
      ...(heldBack ? { held_back: true as const } : {}),
      files: [],
    };
    out.invoices.push(entry);
    const json = await writer.emit({
      path: `${stem}.json`, org_id: org.org_id, kind: 'invoice_json', source_sha256: sourceHash, source,
      generator: 'api', produce: async () => new TextEncoder().encode(raw),
    });
    entry.files.push(json.path);
    ctx.onFile();
    checkAbort(signal);
    try {
      const pdf = await writer.emit({
        path: `${stem}.pdf`, org_id: org.org_id, kind: 'invoice_pdf', source_sha256: sourceHash, source,
        // `not valid` in the generator: a PDF an earlier version made of it unmarked is made anew; and
        // the run's own finding, which the PDF prints but the record does not decide (a reference
        // shared with another invoice, a credit note made earlier): the PDF is made anew when it changes.
        generator: `svc ${VERSION} renderer, ${language}${heldBack ? ', not valid' : ''}${runFinding ? ` (${runFinding.code} ${shortHash(runFinding.message)})` : ''}`, produce: () => ctx.deps.renderInvoicePdf(invoice, { language, ...(runFinding ? { findings: [runFinding] } : {}) }),
      });
      entry.files.push(pdf.path);
      ctx.onFile();
    } catch (e) {
      // A field the PDF cannot print whole (too long, or a character its fonts lack): no PDF of
      // this invoice (one an earlier run made goes: it showed the field cut or as boxes), the
      // part invoice_pdfs fails naming the invoice and the field, and the invoice is still read,
      // booked and sent as an e-invoice, as the other parts go on when one fails.
      if (!(e instanceof UnprintableFieldError)) throw e;
      entry.pdf_error = e.message;
      pdfErrors.push(`invoice ${invoice.invoice_number}: ${e.message}`);
      await writer.retire(`${stem}.pdf`);
    }
    await writeEInvoice(ctx, entry, invoice, { stem, sourceHash, source, language, runFinding });
    if (servicePdfs) {
      checkAbort(signal);
      if (await servicePdfs.save(entry, invoice.id, { stem, sourceHash, source })) ctx.onFile();
    }
  }
  // Listed only when it failed: an organization whose PDFs were all made has no such part (as before it existed).
  if (pdfErrors.length) out.parts.push({ part: 'invoice_pdfs', status: 'failed', reason: pdfErrors.join('; ') });
  if (servicePdfs) out.parts.push(servicePdfs.part(org.token_env));
  return firstLanguage;
}

/** What the cost data lack because the service withheld it, as the manifest records it beside the ok part. */
function withheldRecords(data: CostReportData): WithheldRecords[] {
  const out: WithheldRecords[] = [];
  if (data.usageWithheld) out.push({ records: 'usage', reason: `${data.usageWithheld.status}: ${data.usageWithheld.reason}`, http_status: data.usageWithheld.status });
  if (data.invoicesWithheld !== undefined) out.push({ records: 'invoices', reason: data.invoicesWithheld });
  if (data.planCostWithheld !== undefined) out.push({ records: 'plan_cost', reason: data.planCostWithheld });
  return out;
}

/**
 * The workbook's source_sha256: the unit's answers so far (sha256OfAnswers; the workbook is the
 * organization's last part, so these are all its answers), when its records came through the tap
 * (answers were added while they were fetched); otherwise (deps of an embedder that keep no
 * answers) a hash of the records themselves, so a rerun still sees them change.
 */
async function costSource(ctx: OrgRunContext, data: CostReportData, before: number): Promise<{ source_sha256: string; source: string }> {
  const answers = await ctx.answers?.received?.();
  if (answers && answers.length > before) {
    return { source_sha256: sha256OfAnswers(answers), source: `cost report ${ctx.month}: the API answers in ${answersDir({ kind: 'organization', folder: ctx.folder })}/index.json` };
  }
  return { source_sha256: sha256OfCostData(data), source: `cost report records ${ctx.month}` };
}

/**
 * The month's cost workbook; returns what it was made without. A workbook without usage (not
 * shared) is still made from the invoices and the plan; one with neither usage nor invoices is
 * not (the fetch throws, and the part is skipped with the service's reason).
 */
async function runCostWorkbook(ctx: OrgRunContext, client: ReportingApi, out: OrgOutcome, language: string): Promise<WithheldRecords[]> {
  checkAbort(ctx.signal);
  const before = (await ctx.answers?.received?.())?.length ?? 0;
  const fetched = await ctx.deps.fetchCostData(client, ctx.month, ctx.signal);
  // The invoices this run holds back count in the workbook and the cost no more than in the run's
  // totals (report/_counted-invoice.ts); the records do not say which they are, so the generator does.
  const heldBack = out.invoices.filter((i) => i.held_back).map((i) => i.id).sort();
  const data = heldBack.length ? { ...fetched, heldBack: new Set(heldBack) } : fetched;
  out.cost = ctx.deps.costInDkk(data, ctx.month, ctx.rates);
  checkAbort(ctx.signal);
  await ctx.writer.emit({
    path: `${ctx.folder}/cost-${ctx.month}.xlsx`, org_id: ctx.org.org_id, kind: 'cost_workbook',
    ...(await costSource(ctx, fetched, before)),
    // The rates file decides DKK figures of invoices not in DKK: another file rewrites the workbook.
    generator: `svc ${VERSION} cost report, ${language}, name ${shortHash(ctx.org.name)}${ctx.rates ? `, rates ${ctx.rates.digest.slice(0, 12)}` : ''}${heldBack.length ? `, held back ${shortHash(heldBack.join(','))}` : ''}`,
    produce: () => ctx.deps.buildCostWorkbook(data, { language, organizationName: ctx.scrub(ctx.org.name), ...(ctx.rates ? { rates: ctx.rates } : {}) }),
  });
  ctx.onFile();
  return withheldRecords(data);
}

/** Runs one part; a 403/409 skips it, anything else fails it; an abort propagates. */
async function part<T>(ctx: OrgRunContext, out: OrgOutcome, name: PartOutcome['part'], fn: () => Promise<T>): Promise<T | undefined> {
  try {
    const result = await fn();
    out.parts.push({ part: name, status: 'ok' });
    return result;
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    const c = classifyError(e, ctx.org.token_env);
    out.parts.push({ part: name, status: c.status, reason: c.reason, ...(c.http_status ? { http_status: c.http_status } : {}) });
    return undefined;
  }
}

/**
 * Everything one organization gets for the month. Never throws: a failure becomes the
 * outcome's status and message; an abort leaves it `interrupted` with the files done so far.
 */
export async function runOrganization(ctx: OrgRunContext): Promise<OrgOutcome> {
  const { org } = ctx;
  const out: OrgOutcome = { org_id: org.org_id, name: org.name, folder: ctx.folder, status: 'ok', parts: [], invoices: [], cost: null, started_at: now().toISOString() };
  try {
    const token = ctx.env[org.token_env];
    if (!token) throw new Error(`environment variable ${org.token_env} (the reporting token of ${org.org_id}) is not set`);
    // Each thing the client notices once per organization: it is the organization's note (manifest, summary, pages).
    const onWarning = (message: string) => void ((out.notes ??= []).includes(message) || out.notes.push(message));
    const client = answeringOnce(ctx.deps.reportingClient({ baseUrl: ctx.baseUrl, token, orgId: org.org_id, onWarning, ...(ctx.answers ? { answers: ctx.answers } : {}), ...(ctx.runSecrets ? { refuseAlso: ctx.runSecrets.refuseAlso } : {}) }));
    const invoiceLanguage = await part(ctx, out, 'invoices', () => runInvoices(ctx, client, out));
    const language = ctx.language ?? org.language ?? invoiceLanguage ?? 'da';
    out.language = language;
    const notRead = keptInvoicesNotRead(ctx.earlierInvoices, out);
    if (notRead) {
      // The invoices part fails (its HTTP status, if any, stays), here, before any line or page tells the outcome.
      Object.assign(out.parts.find((p) => p.part === 'invoices')!, { status: 'failed', reason: notRead.reason });
      out.invoices_not_read = notRead.unread.map(({ id, invoice_number }) => ({ id, invoice_number }));
      // A workbook made now would reconcile to invoices that are not all there: not made, nor
      // fetched for; one an earlier run made stays as it was (listed as kept), never replaced by a worse one.
      out.parts.push({ part: 'cost_workbook', status: 'failed', reason: 'not made this run: it reconciles usage to the month\'s invoices, which this run did not all read; a workbook an earlier run made stays as it was' });
    } else {
      const without = await part(ctx, out, 'cost_workbook', () => runCostWorkbook(ctx, client, out, language));
      if (without?.length) out.parts.find((p) => p.part === 'cost_workbook')!.without = without;
    }
    const failed = out.parts.find((p) => p.status === 'failed');
    out.status = statusOfParts(out.parts);
    if (failed) out.error = `${failed.part}: ${failed.reason}`;
  } catch (e) {
    out.status = ctx.signal.aborted ? 'interrupted' : 'failed';
    if (!ctx.signal.aborted) out.error = messageOf(e);
  }
  out.finished_at = now().toISOString();
  return out;
}
