import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { answersDir, isKeptAnswer, type ManifestFile, type OrgOutcome, type PartOutcome } from '../runner/manifest/index.js';
import { ratesOfRun } from '../runner/config/index.js';
import { needsCreditNote, remakeCreditNote, runUnit, type MadeCreditNote, type RunUnit } from '../runner/unit/index.js';
import type { ExchangeRates } from '../money/index.js';
import type { VerifyContext } from './_context.js';
import { describeDifference } from './_describe.js';
import { differences, shown } from './_differ.js';
import { readKeptIndex } from './_kept-index.js';
import { ReplayTap } from './_replay.js';
import { withoutMarksAcross } from './_shared-across.js';

/**
 * The token the replayed clients carry: never sent anywhere, and a string no answer holds, so
 * nothing the run read is masked for it. (It was one character, "v": the client masks its token
 * in an error body, so a kept 403 `invoices_not_shared` replayed as "in***oices…", which it no
 * longer recognized, and verify called a clean run's folder different.)
 */
const REPLAY_TOKEN = 'svc-verify-replay-token-never-sent';

/**
 * An outcome without what only the run's clock decides; without failure messages where the
 * network gave none to replay; without the marks of references shared across organizations,
 * which the run adds when every unit is done (checkSharedAcrossOrganizations compares those).
 */
function comparable(outcome: OrgOutcome | PartOutcome, loose: boolean): unknown {
  const plain = 'invoices' in outcome ? { ...outcome, invoices: outcome.invoices.map((i) => withoutMarksAcross(i, outcome.org_id)) } : outcome;
  const copy = JSON.parse(JSON.stringify(plain)) as Record<string, unknown>;
  delete copy.started_at;
  delete copy.finished_at;
  if (loose) {
    delete copy.error;
    delete copy.reason;
    for (const p of (copy.parts as Array<Record<string, unknown>> | undefined) ?? []) delete p.reason;
  }
  return copy;
}

export interface UnitToVerify {
  /** `org-nordlys`, or `the partner workbook`. */
  name: string;
  unit: 'organization' | 'partner';
  /** The unit as the manifest records it. */
  recorded: OrgOutcome | PartOutcome;
  /** The unit's files this run made (not kept from an earlier one). */
  files: ManifestFile[];
  /** Where its kept answers are. */
  answers: string;
  /** The unit to run again, given its config's token variable and language from the kept index. */
  make(tokenEnv: string, language: string | null): RunUnit;
  /** Where the outcome stands in the manifest, for messages: `organizations[org-nordlys]`, `partner`. */
  at: string;
  /** The service's own PDFs of its invoices as the manifest lists them, by invoice id (see ReplayTap). */
  servicePdfs?: Map<string, { path: string; size: number; sha256: string }>;
  /**
   * The manifest's entries of the unit's credit-note PDFs and XMLs, given to the unit as its earlier
   * files: an invoice one of them cancels stays cancelled, as the run found it from the earlier
   * manifest (`credited_earlier`). The unit writes no credit note, so its writer keeps nothing by
   * them; a credit note this run made first is of a void invoice, or of one held back by its own
   * error or a shared payment reference, which the unit finds before that finding.
   */
  creditNotes?: ManifestFile[];
  /**
   * The manifest's kept records of invoices an earlier run of the month made (`invoice_json`,
   * `kept`), given to the unit as its earlier files too: it finds the ones it did not read again
   * and fails on them, as the run found them from the earlier manifest (unit/_kept-invoices.ts).
   */
  keptInvoices?: ManifestFile[];
  /**
   * The credit notes of other months' runs the run found (its credited_earlier findings naming a
   * month): the other months' folders may have changed since (a later month crediting one of
   * this month's invoices), and the run is verified as it was made.
   */
  otherMonthsCreditNotes?: Map<string, MadeCreditNote>;
}

/**
 * Makes one unit's documents again, from its kept answers only, with the run's own unit of work
 * (runUnit) into a folder of the verification's own, and compares: the outcome with the
 * manifest's, each document byte for byte with the file in the run's folder, and each file's
 * manifest entry. Returns the outcome the kept answers give (the manifest's own object when
 * they agree), or undefined when it could not be re-derived (said in the differences or notes).
 */
export async function rederiveUnit(ctx: VerifyContext, u: UnitToVerify): Promise<{ outcome: OrgOutcome | PartOutcome; documents: number } | undefined> {
  const documents = u.files.filter((f) => !isKeptAnswer(f));
  const indexPath = `${u.answers}/index.json`;
  if (!u.files.some((f) => f.path === indexPath)) {
    if (documents.length) ctx.differences.push({ file: indexPath, what: `not in the manifest: ${u.name}'s ${documents.length} documents cannot be re-derived without the answers they were made from` });
    else ctx.madeNothing.push(u.name);
    return undefined;
  }
  const index = await readKeptIndex(ctx, indexPath, `${u.name}'s documents`);
  if (!index) return undefined;
  const replay = new ReplayTap(ctx.monthDir, indexPath, index, ctx.listed, u.servicePdfs);
  // Documents not in DKK were converted at the run's rates file, kept in the month folder with its sha256.
  let rates: ExchangeRates | undefined;
  if (ctx.manifest.options.rates) {
    try {
      rates = await ratesOfRun(ctx.monthDir, ctx.manifest.options.rates);
    } catch (e) {
      ctx.differences.push({ file: ctx.manifest.options.rates.path, what: e instanceof Error ? e.message : String(e) });
      return undefined;
    }
  }
  const dir = await mkdtemp(join(ctx.tmp, 'unit-'));
  try {
    const m = ctx.manifest;
    const result = await runUnit(u.make(index.token_env, index.language), {
      monthDir: dir, month: m.month, baseUrl: m.base_url, language: m.options.language ?? undefined, previous: [...(u.creditNotes ?? []), ...(u.keptInvoices ?? [])],
      env: { [index.token_env]: REPLAY_TOKEN }, deps: ctx.deps, signal: ctx.signal, replay, runMonthDir: ctx.monthDir,
      ...(u.otherMonthsCreditNotes ? { otherMonthsCreditNotes: u.otherMonthsCreditNotes } : {}),
      rates,
    });
    if (replay.problems.length) {
      ctx.differences.push(...replay.problems);
      return undefined;
    }
    if ('invoices' in result.outcome && 'invoices' in u.recorded) {
      await creditNotesAgain(ctx, dir, result.outcome, u.recorded, result.files, index.language);
    }
    for (const d of differences(comparable(u.recorded, replay.transportFailures), comparable(result.outcome, replay.transportFailures))) {
      ctx.differences.push({ file: 'manifest.json', what: `${u.at}.${d.path} is ${shown(d.found)}; the kept answers give ${shown(d.expected)}` });
    }
    const made = new Map(result.files.map((f) => [f.path, f]));
    let compared = 0;
    for (const doc of documents) {
      const again = made.get(doc.path);
      made.delete(doc.path);
      if (!again) {
        ctx.differences.push({ file: doc.path, what: `the kept answers make no such file (${u.name}'s run would not have made it)` });
        continue;
      }
      for (const field of ['kind', 'source_sha256', 'generator'] as const) {
        if (doc[field] !== again[field]) ctx.differences.push({ file: 'manifest.json', what: `${doc.path}: ${field} is ${shown(doc[field])}; re-derived ${shown(again[field])}` });
      }
      const found = ctx.onDisk.get(doc.path);
      // Missing or not a file: the file check said so.
      if (found === undefined) continue;
      compared++;
      if (found !== again.sha256) {
        const [a, b] = await Promise.all([readFile(join(ctx.monthDir, doc.path)), readFile(join(dir, doc.path))]);
        ctx.differences.push({ file: doc.path, what: describeDifference(doc.path, a, b) });
      }
    }
    for (const extra of made.keys()) ctx.differences.push({ file: extra, what: `not listed as made by this run, though the kept answers make it` });
    for (const key of replay.unused()) ctx.differences.push({ file: indexPath, what: `keeps an answer to ${key} that re-deriving never asks for` });
    const same = differences(comparable(u.recorded, false), comparable(result.outcome, false), 1).length === 0;
    return { outcome: same ? u.recorded : withTimesOf(result.outcome, u.recorded), documents: compared };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A re-derived outcome with the run's own times (what the kept answers cannot give), in their places. */
function withTimesOf<O extends OrgOutcome | PartOutcome>(outcome: O, recorded: OrgOutcome | PartOutcome): O {
  const copy = { ...outcome } as Record<string, unknown>;
  for (const k of ['started_at', 'finished_at']) if (k in copy && k in recorded) copy[k] = (recorded as unknown as Record<string, unknown>)[k];
  return copy as O;
}

/** The organization as a unit to verify (see rederiveUnit). */
export function organizationUnit(ctx: VerifyContext, o: OrgOutcome): UnitToVerify {
  return {
    name: o.org_id, unit: 'organization', recorded: o, at: `organizations[${o.org_id}]`,
    files: ctx.manifest.files.filter((f) => f.org_id === o.org_id && f.status !== 'kept'),
    answers: answersDir({ kind: 'organization', folder: o.folder }),
    servicePdfs: new Map(o.invoices.flatMap((i) => {
      const file = ctx.manifest.files.find((f) => f.kind === 'service_pdf' && i.files.includes(f.path));
      return file ? [[i.id, file] as const] : [];
    })),
    creditNotes: ctx.manifest.files.filter((f) => f.org_id === o.org_id && (f.kind === 'credit_note_pdf' || f.kind === 'credit_note_xml')),
    keptInvoices: ctx.manifest.files.filter((f) => f.org_id === o.org_id && f.kind === 'invoice_json' && f.status === 'kept'),
    otherMonthsCreditNotes: new Map(o.invoices.flatMap((i) => {
      const p = i.findings?.find((f) => f.code === 'credited_earlier' && f.params?.form === 'month')?.params;
      return p && typeof p.number === 'string' && typeof p.date === 'string' && typeof p.month === 'string' ? [[i.id, { number: p.number, issue_date: p.date, month: p.month }] as const] : [];
    })),
    make: (token_env, language) => ({
      kind: 'organization', folder: o.folder, withServicePdf: ctx.manifest.options.with_service_pdf,
      org: { org_id: o.org_id, name: o.name, token_env, ...(language ? { language } : {}) },
    }),
  };
}

/** The partner workbook as a unit to verify. */
export function partnerUnit(ctx: VerifyContext, p: PartOutcome): UnitToVerify {
  const answers = answersDir({ kind: 'partner' });
  return {
    name: 'the partner workbook', unit: 'partner', recorded: p, at: 'partner', answers,
    files: ctx.manifest.files.filter((f) => f.org_id === null && f.status !== 'kept' && (f.kind === 'partner_workbook' || f.path.startsWith(`${answers}/`))),
    make: (token_env, language) => ({ kind: 'partner', partner: { token_env, ...(language ? { language } : {}) } }),
  };
}

/**
 * The credit notes of a run's void and held-back invoices, into the re-derived outcome: each made
 * one made again from the re-derived invoice with the number and date the run gave it (its files
 * then compared as every document is); one the run named (`to_make`, `failed`) taken as recorded,
 * for its date and the series are the run's (its clock, its config), not the answers'. An invoice
 * the kept answers give no need of a credit note gets none, so a recorded one is a difference.
 */
async function creditNotesAgain(ctx: VerifyContext, dir: string, again: OrgOutcome, recorded: OrgOutcome, files: ManifestFile[], orgLanguage: string | null): Promise<void> {
  const byPath = new Map(ctx.manifest.files.map((f) => [f.path, f]));
  for (const entry of again.invoices) {
    const was = recorded.invoices.find((i) => i.id === entry.id);
    const note = was?.credit_note;
    if (!note || !needsCreditNote(entry)) continue;
    // Kept as an earlier run made it (the run never makes an issued credit note again): checked
    // against the manifest only, as every kept file is; the entry as recorded.
    const keptFiles = was.files.filter((p) => byPath.get(p)?.status === 'kept' && byPath.get(p)?.kind.startsWith('credit_note_'));
    // Named, refused, or made by another month's run in its folder: the run's clock, config and
    // other folders decide them, not the answers; and one kept as made.
    if (note.status !== 'made' || note.number === undefined || note.issue_date === undefined || note.month !== undefined || keptFiles.some((p) => byPath.get(p)?.kind === 'credit_note_pdf')) {
      entry.credit_note = note;
      entry.files.push(...keptFiles);
      continue;
    }
    const json = files.find((f) => f.kind === 'invoice_json' && entry.files.includes(f.path));
    if (!json) continue;
    const made = await remakeCreditNote({
      monthDir: dir, org: again, entry, json, number: note.number, issueDate: note.issue_date,
      language: ctx.manifest.options.language, orgLanguage: orgLanguage ?? undefined, version: ctx.manifest.tool.version,
    });
    entry.credit_note = made.note;
    files.push(...made.files);
  }
}
