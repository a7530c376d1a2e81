// runner/manifest: what a run records (manifest.json's types), its files' names, hashes and statuses, the answers
// it keeps, the writer that records every file, and the months' chain.
export type * from './manifest.js';
export { OutputWriter } from './_output-writer.js';
export { exactJson } from './_exact-json.js';
export { monthBefore, previousMonthLink, readMonthManifest } from './chain.js';
export { sha256 } from './hash.js';
export { KEPT_ANSWERS_VERSION, PARTNER_ANSWERS_DIR, answersDir, isKeptAnswer, isPartnerFile, type KeptAnswer, type KeptAnswersIndex } from './kept-answers.js';
export { isRunPath } from './run-path.js';
export { assignSafeNames, safeNamePart } from './safe-name.js';
export { RUN_STATUSES, orgStatus, statusWord, type RunStatus } from '../status/index.js';
