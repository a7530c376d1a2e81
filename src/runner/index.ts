export { runMonthEnd, DEFAULT_CONCURRENCY, type MonthEndOptions, type MonthEndProgress } from './run-month-end.js';
export type { RunClientOptions } from './default-deps.js';
export { parseRunConfig, parseRunConfigJson, RunConfigSchema, RunOrganizationSchema, type RunConfig, type RunOrganization } from './config.js';
export { RunConfigError } from './config-error.js';
export { RunOptionError } from './run-option-error.js';
export { RunLockedError } from './run-locked-error.js';
export type { MonthEndDeps } from './deps.js';
export type * from './manifest.js';
export { renderSummary, summaryView, runLanguage } from './summary.js';
export { renderFrontPage, type FrontPageInput } from './front-page.js';
export { runFigures, type RunFigures, type OrgFigures, type OrgCostFigures, type CostRow, type DkkTotal, type CurrencyTotals } from './run-figures.js';
export { orgStatus, statusWord, RUN_STATUSES, type RunStatus } from './status.js';
export { safeNamePart, assignSafeNames } from './safe-name.js';
export { previousMonth } from './month.js';
export { writeFileAtomic } from '../core/atomic-write.js';
export { OutputWriteError } from '../core/output-write-error.js';
export { OutputLinkError } from '../core/output-link-error.js';
// The seam the queue builds on: a run's units of work, and the coordinating side of a run.
export { runOrgUnit, type OrgUnit, type OrganizationUnit, type PartnerUnit, type OrgUnitContext, type OrgUnitResult } from './org-unit.js';
export { MonthRun, type MonthRunFinish } from './month-run.js';
export { makeMonthFolder } from './month-folder.js';
export type { OutputWriter } from './_output-writer.js';
export { RUN_OPTION_KINDS, checkOptionKinds, checkWholeOption, checkMonthOption } from './check-options.js';
export { createDefaultDeps } from './default-deps.js';
export { sha256 } from './hash.js';
export { isMonth } from './month.js';
// What a run keeps beside its documents, and the seam its clients' requests go through (svc verify replays it).
export type { AnswerTap } from './answer-tap.js';
export { answersDir, isPartnerFile, KEPT_ANSWERS_VERSION, PARTNER_ANSWERS_DIR, type KeptAnswer, type KeptAnswersIndex } from './kept-answers.js';
// What a run writes at its end, made again by svc verify: the figures, summary.md, index.html, the files' list; and the months' chain.
export { booksTexts, runModel, runPages, type RunModel, type RunPages, type RunPagesInput, type RunHead } from './run-pages.js';
export { DEFAULT_BOOKS, type BooksSettings } from './books-config.js';
export { exactJson } from './_exact-json.js';
export { ratesOfRun } from './rates-file.js';
export { needsCreditNote, remakeCreditNote } from './_credit-notes.js';
export { monthBefore, previousMonthLink, readMonthManifest } from './chain.js';
export type { PreviousMonthLink } from './manifest.js';
export { isRunPath } from './run-path.js';
