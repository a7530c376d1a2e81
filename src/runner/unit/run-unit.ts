import { OutputWriter } from '../manifest/_output-writer.js';
import { runOrganization } from './_org-run.js';
import { creditNotesMadeIn } from './_credited-earlier.js';
import { earlierInvoicesIn } from './_kept-invoices.js';
import type { MadeCreditNote } from '../run/_credit-note-numbers.js';
import { runPartner } from './_partner-run.js';
import { SecretScrubber } from '../run/_secret-scrubber.js';
import type { RunConfig, RunOrganization } from '../config/config.js';
import type { MonthEndDeps } from './deps.js';
import type { ManifestFile, OrgOutcome, PartOutcome } from '../manifest/manifest.js';
import type { ExchangeRates } from '../../money/index.js';
import type { AnswerTap } from './answer-tap.js';
import { AnswerRecorder } from './_answer-recorder.js';
import type { RunSecrets } from './run-secrets.js';
import { TokenInAnswerError } from './token-in-answer-error.js';
import { keepAnswers } from './_keep-answers.js';
import { answersDir } from '../manifest/kept-answers.js';
import { statusOfParts } from '../status/status.js';

/** One organization's month: its invoices (JSON, PDF, e-invoice) and its cost workbook. */
export interface OrganizationUnit {
  kind: 'organization';
  org: RunOrganization;
  /** Its folder under the month folder (a safe name, from the run's organizationFolders). */
  folder: string;
  withServicePdf: boolean;
}

/** The partner workbook of the month. */
export interface PartnerUnit {
  kind: 'partner';
  partner: NonNullable<RunConfig['partner']>;
}

/**
 * A piece of a month-end run that can be done anywhere the month folder is: on the run's own
 * thread, on a worker thread, or by a queue worker on another machine.
 */
export type RunUnit = OrganizationUnit | PartnerUnit;

export interface RunUnitContext {
  /** `<outDir>/<month>`: the unit writes its files under it. */
  monthDir: string;
  month: string;
  baseUrl: string;
  /** `--language`, over the organization's own. */
  language: string | undefined;
  /**
   * The earlier manifest's entries of this unit's files: unchanged ones are kept, not written
   * again, and an invoice a credit note among them cancels stays cancelled (`credited_earlier`).
   */
  previous: readonly ManifestFile[];
  /** Where the unit's token variable (`token_env`) is read. */
  env: Record<string, string | undefined>;
  deps: MonthEndDeps;
  signal: AbortSignal;
  /** Called after each document written. */
  onFile?: () => void;
  /** The run's rates file (`--rates`, parseExchangeRates), for invoices not in DKK without a rate of their own. */
  rates?: ExchangeRates | undefined;
  /**
   * Answers to give the unit's clients instead of the network's (`svc verify` replays a run's
   * kept answers so). Without it the unit asks the API and keeps every answer beside the
   * documents made from them (kept-answers.ts).
   */
  replay?: AnswerTap;
  /**
   * The run's month folder, beside which the previous month's manifest lies (its payment
   * references); `monthDir` when omitted. `svc verify` writes into a folder of its own but
   * reads the run's.
   */
  runMonthDir?: string;
  /**
   * The credit notes other months' runs made, by invoice id, as the run being verified found them
   * (`svc verify` gives those its manifest records, for the other months' folders may have changed
   * since); read from the other months' manifests beside the month folder when omitted.
   */
  otherMonthsCreditNotes?: ReadonlyMap<string, MadeCreditNote>;
  /**
   * Every token of the run, which no answer to the unit may hold (RunSecrets): another
   * organization's or the partner's token in this one's answers would go into its documents. Without
   * it (a queue worker, which holds only its own) the unit looks for its own token only.
   */
  runSecrets?: RunSecrets;
}

/** The unit's own id, public though its token may hold it: the organization's, or the partner's where the config gives it. */
function unitPublicValues(unit: RunUnit): string[] {
  if (unit.kind === 'organization') return [unit.org.org_id];
  return unit.partner.org_id ? [unit.partner.org_id] : [];
}

/** What a unit did: its outcome and the files it wrote or kept, with its token scrubbed from both. */
export interface RunUnitResult<O extends OrgOutcome | PartOutcome = OrgOutcome | PartOutcome> {
  outcome: O;
  files: ManifestFile[];
}

/**
 * Runs one unit of the month end, as the one-process run does for each organization: fetch,
 * check, render, build and write atomically into the month folder. Never throws for the
 * organization's own failure: that is the outcome's status. The token is read from `env` by
 * the unit's `token_env` and scrubbed from the result whatever put it there, so the result
 * can cross a thread or go to Redis.
 */
export async function runUnit(unit: OrganizationUnit, ctx: RunUnitContext): Promise<RunUnitResult<OrgOutcome>>;
export async function runUnit(unit: PartnerUnit, ctx: RunUnitContext): Promise<RunUnitResult<PartOutcome>>;
export async function runUnit(unit: RunUnit, ctx: RunUnitContext): Promise<RunUnitResult>;
export async function runUnit(unit: RunUnit, ctx: RunUnitContext): Promise<RunUnitResult> {
  const tokenEnv = unit.kind === 'organization' ? unit.org.token_env : unit.partner.token_env;
  // The organization's id is public though its token may hold it (`rt_org-fjordline_…`): every answer names it.
  const publicValues = unitPublicValues(unit);
  const recorder = ctx.replay ? undefined : new AnswerRecorder(ctx.env[tokenEnv], publicValues, ctx.runSecrets);
  // Once an answer held the unit's token, nothing more is made from the unit's answers (TokenInAnswerError).
  const refuseDocuments = () => (recorder?.tokenSeenIn !== undefined ? new TokenInAnswerError(recorder.tokenSeenIn, tokenEnv, recorder.tokenSeenWhose) : undefined);
  // The unit's folders are synced once at its end (before its files reach a manifest), not after every file.
  const writer = new OutputWriter(ctx.monthDir, new Map(ctx.previous.map((f) => [f.path, f])), { batchFolderSync: true, refuseDocuments });
  try {
    return await runUnitWriting(unit, ctx, writer, tokenEnv, publicValues, recorder);
  } finally {
    await writer.syncFolders();
  }
}

async function runUnitWriting(unit: RunUnit, ctx: RunUnitContext, writer: OutputWriter, tokenEnv: string, publicValues: string[], recorder: AnswerRecorder | undefined): Promise<RunUnitResult> {
  const scrubber = new SecretScrubber([ctx.env[tokenEnv]], publicValues);
  const answers = ctx.replay ?? recorder!;
  // The recorder's fragments; a replay (svc verify) has no recorder and no real token to look for.
  const holdsToken = (bytes: Uint8Array) => recorder?.holdsToken(bytes) === true;
  const scope = {
    baseUrl: ctx.baseUrl, env: ctx.env, deps: ctx.deps, writer, signal: ctx.signal, language: ctx.language, month: ctx.month, monthDir: ctx.runMonthDir ?? ctx.monthDir, rates: ctx.rates,
    scrub: (text: string) => scrubber.scrub(text), holdsToken, answers, runSecrets: ctx.runSecrets,
  };
  const outcome = unit.kind === 'organization'
    ? await runOrganization({ ...scope, org: unit.org, folder: unit.folder, withServicePdf: unit.withServicePdf, creditNotesMade: creditNotesMadeIn(ctx.previous), earlierInvoices: earlierInvoicesIn(ctx.previous), ...(ctx.otherMonthsCreditNotes ? { otherMonthsCreditNotes: ctx.otherMonthsCreditNotes } : {}), onFile: ctx.onFile ?? (() => {}) })
    : await runPartner({ ...scope, partner: unit.partner });
  // The answers behind the documents, beside them; a unit that made no document keeps none (nothing was made from them).
  const made = unit.kind === 'organization' ? writer.files.length > 0 : (outcome as PartOutcome).status === 'ok';
  if (recorder && made) {
    const index = unit.kind === 'organization'
      ? { unit: 'organization' as const, org_id: unit.org.org_id, token_env: unit.org.token_env, language: unit.org.language ?? null }
      : { unit: 'partner' as const, org_id: null, token_env: unit.partner.token_env, language: unit.partner.language ?? null };
    try {
      await keepAnswers({ writer, recorder, dir: answersDir(unit), index, previous: ctx.previous, complete: outcome.status === 'ok' });
    } catch (e) {
      // Documents without the answers they were made from cannot be verified: the unit fails, naming why (a link planted in its folder, a full disk).
      const why = e instanceof Error ? e.message : String(e);
      if ('parts' in outcome) {
        outcome.parts.push({ part: 'kept_answers', status: 'failed', reason: why });
        Object.assign(outcome, { status: statusOfParts(outcome.parts), error: outcome.error ?? `kept_answers: ${why}` });
      } else Object.assign(outcome, { status: 'failed', reason: `kept answers: ${why}` });
    }
  }
  return JSON.parse(scrubber.scrub(JSON.stringify({ outcome, files: writer.files }))) as RunUnitResult;
}
