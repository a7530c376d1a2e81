export { buildCostReport } from './build-cost-report.js';
export { fetchCostReportData } from './fetch.js';
export { checkPeriod, type ReportPeriod } from './figures/period.js';
export { ReportPeriodError } from './figures/report-period-error.js';
export type { CostReportData, CostReportOptions, KeyUsageInput, KeyWeightUsage, MonthKeyUsage, UsageWithheld } from './types.js';
export type { KeyRow, KeySource, KeyWeight, WeightSource } from './key-store.js';
export { buildPartnerReport, isOutOfDate, type PartnerReportOptions } from './partner/build-partner-report.js';
export { costReportFindings, type CostFinding } from './cost-findings.js';
