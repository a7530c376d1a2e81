import { PartnerClient, ReportingClient } from '../client/index.js';
import { renderInvoicePdf } from '../invoice/index.js';
import { buildCostReport, buildPartnerReport, fetchCostReportData, type CostReportData } from '../report/index.js';
import { costInDkk } from './cost-in-dkk.js';
import type { MonthEndDeps } from './deps.js';

/** The package's own client, renderer and workbook builders: what a month-end run uses unless told otherwise. */
export const defaultDeps: MonthEndDeps = {
  // env {}: a run's settings come from its config only, never from stray SVC_* variables.
  reportingClient: ({ baseUrl, token, orgId }) => new ReportingClient({ baseUrl, token, orgId, env: {} }),
  partnerClient: ({ baseUrl, token }) => new PartnerClient({ baseUrl, token, env: {} }),
  renderInvoicePdf: (invoice, { language }) => renderInvoicePdf(invoice, language ? { language } : {}),
  fetchCostData: (client, month, signal) => fetchCostReportData(client, { month }, signal ? { signal } : {}),
  costInDkk: (data, month) => costInDkk(data as CostReportData, month),
  buildCostWorkbook: (data, { language, organizationName }) => buildCostReport(data as CostReportData, { language, organizationName }),
  buildPartnerWorkbook: (status, { language }) => buildPartnerReport(status, { language }),
};
