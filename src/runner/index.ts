export { runMonthEnd, DEFAULT_CONCURRENCY, type MonthEndOptions, type MonthEndProgress } from './run/run-month-end.js';
export type { RunClientOptions } from './unit/default-deps.js';
export { parseRunConfig, parseRunConfigJson, RunConfigSchema, RunOrganizationSchema, type RunConfig, type RunOrganization } from './config/config.js';
export { RunConfigError } from './config/config-error.js';
export { RunOptionError } from './options/run-option-error.js';
export { RunLockedError } from './options/run-locked-error.js';
export type { MonthEndDeps } from './unit/deps.js';
export type * from './manifest/manifest.js';
export { renderSummary, summaryView, runLanguage } from './pages/summary.js';
export { renderFrontPage, type FrontPageInput } from './pages/front-page.js';
export { runFigures, type RunFigures, type OrgFigures, type OrgCostFigures, type CostRow, type DkkTotal, type CurrencyTotals } from './figures/run-figures.js';
export { orgStatus, statusWord, RUN_STATUSES, type RunStatus } from './manifest/status.js';
export { safeNamePart, assignSafeNames } from './manifest/safe-name.js';
export { previousMonth } from './options/month.js';
export { writeFileAtomic } from '../core/atomic-write.js';
export { OutputWriteError } from '../core/output-write-error.js';
export { OutputLinkError } from '../core/output-link-error.js';
// The seam the queue builds on: a run's units of work, and the coordinating side of a run.
export { runOrgUnit, type OrgUnit, type OrganizationUnit, type PartnerUnit, type OrgUnitContext, type OrgUnitResult } from './unit/org-unit.js';
export { MonthRun, type MonthRunFinish } from './run/month-run.js';
export { makeMonthFolder } from './run/month-folder.js';
export type { OutputWriter } from './manifest/_output-writer.js';
export { RUN_OPTION_KINDS, checkOptionKinds, checkWholeOption, checkMonthOption } from './options/check-options.js';
export { createDefaultDeps } from './unit/default-deps.js';
export { sha256 } from './manifest/hash.js';
export { isMonth } from './options/month.js';
// What a run keeps beside its documents, and the seam its clients' requests go through (svc verify replays it).
export type { AnswerTap } from './unit/answer-tap.js';
export { answersDir, isPartnerFile, KEPT_ANSWERS_VERSION, PARTNER_ANSWERS_DIR, type KeptAnswer, type KeptAnswersIndex } from './manifest/kept-answers.js';
// What a run writes at its end, made again by svc verify: the figures, summary.md, index.html, the files' list; and the months' chain.
export { booksTexts, runModel, runPages, type RunModel, type RunPages, type RunPagesInput, type RunHead } from './pages/run-pages.js';
export { DEFAULT_BOOKS, type BooksSettings } from './config/books-config.js';
export { exactJson } from './manifest/_exact-json.js';
export { ratesOfRun } from './config/rates-file.js';
export { needsCreditNote, remakeCreditNote } from './run/_credit-notes.js';
export { monthBefore, previousMonthLink, readMonthManifest } from './manifest/chain.js';
export type { PreviousMonthLink } from './manifest/manifest.js';
export { isRunPath } from './manifest/run-path.js';
