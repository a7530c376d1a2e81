// runner/unit: one unit's work (an organization's documents, the partner workbook) and the default deps that
// make them (the HTTP clients, the PDF and e-invoice renderers, the workbook writer); and a credit note made
// again. The part that loads renderers: a queue worker loads it at its first job, svc verify to re-derive a run.
export { runUnit, type RunUnit, type OrganizationUnit, type PartnerUnit, type RunUnitContext, type RunUnitResult } from './run-unit.js';
export { createDefaultDeps, type RunClientOptions } from './default-deps.js';
export type { MonthEndDeps } from './deps.js';
export type { AnswerTap, ReceivedAnswer } from './answer-tap.js';
export { needsCreditNote, remakeCreditNote } from '../run/_credit-notes.js';
export type { MadeCreditNote } from '../run/_credit-note-numbers.js';
