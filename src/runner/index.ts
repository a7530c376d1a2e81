// runner/'s entry: the light parts whole (options, config, progress, manifest, figures, run) and the unit's
// contract (types only). It loads no renderer, workbook writer, page template or HTTP client. Inside src/,
// import the part you need through its own entry (README.md, "Parts"), so a command loads no more than it uses;
// the unit's work is entered through ./unit/index.ts, the pages through ./pages/index.ts.
export * from './options/index.js';
export * from './option-checks/index.js';
export * from './config/index.js';
export * from './progress/index.js';
export * from './manifest/index.js';
export * from './figures/index.js';
export * from './run/index.js';
export type { RunUnit, OrganizationUnit, PartnerUnit, RunUnitContext, RunUnitResult, RunClientOptions, MonthEndDeps, AnswerTap } from './unit/index.js';
