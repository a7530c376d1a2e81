import type { Dispatcher } from 'undici';
import { Agent } from '../../client/index.js';
import { PartnerClient, ReportingClient, type CommonClientOptions } from '../../client/index.js';
import { renderInvoicePdf } from '../../invoice/index.js';
import { renderInvoiceUbl } from '../../einvoice/index.js';
import { buildCostReport, buildPartnerReport, fetchCostReportData } from '../../report/index.js';
import { costInDkk } from '../figures/cost-in-dkk.js';
import type { MonthEndDeps } from './deps.js';
import type { AnswerTap } from './answer-tap.js';

/**
 * How long before the server's announced keep-alive timeout a connection stops being reused.
 * undici's default (2 s) exceeds the 1 s some servers announce (the reference server among
 * them), which closes every connection after one request; a run then connects anew for each
 * of its thousands of requests. Half a second still leaves room for a request on its way.
 */
const KEEP_ALIVE_MARGIN_MS = 500;

/** The package's own client, renderer and workbook builders, all clients of the run on one connection pool. */
export interface RunDeps {
  deps: MonthEndDeps;
  /** Closes the run's connections. */
  close(): Promise<void>;
}

/** The client settings a run may change: the deadline of a request and the body size caps. */
export type RunClientOptions = Pick<CommonClientOptions, 'timeoutMs' | 'maxResponseBytes'>;

/**
 * What a month-end run uses unless told otherwise: one per run, closed at its end.
 * `client` sets the package's own clients; `intercept` wraps every request of the run (a queue
 * worker's shared request rate, for one).
 */
export function createDefaultDeps(options: { client?: RunClientOptions | undefined; intercept?: Dispatcher.DispatcherComposeInterceptor } = {}): RunDeps {
  const client = options.client ?? {};
  const agent = new Agent({ keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS });
  const dispatcher = options.intercept ? agent.compose(options.intercept) : agent;
  // A unit's requests through its answer tap: the run's records them, verify's answers them from the kept ones.
  const through = (answers: AnswerTap | undefined) => (answers ? { dispatcher: answers.through(dispatcher), ...(answers.retry ? { retry: answers.retry } : {}) } : { dispatcher });
  const deps: MonthEndDeps = {
    // env {}: a run's settings come from its config only, never from stray SVC_* variables.
    reportingClient: ({ baseUrl, token, orgId, onWarning, answers, refuseAlso }) => new ReportingClient({ ...client, baseUrl, token, orgId, env: {}, ...through(answers), ...(onWarning ? { onWarning } : {}), ...(refuseAlso ? { refuseAlso } : {}) }),
    partnerClient: ({ baseUrl, token, answers, orgId }) => new PartnerClient({ ...client, baseUrl, token, env: {}, ...through(answers), ...(orgId ? { orgId } : {}) }),
    renderInvoicePdf: (invoice, { language, findings }) => renderInvoicePdf(invoice, { ...(language ? { language } : {}), ...(findings ? { findings } : {}) }),
    renderInvoiceUbl: (invoice, { language }) => renderInvoiceUbl(invoice, language ? { language } : {}),
    fetchCostData: (client, month, signal) => fetchCostReportData(client, { month }, signal ? { signal } : {}),
    costInDkk,
    buildCostWorkbook: (data, { language, organizationName, rates }) => buildCostReport(data, { language, organizationName, ...(rates ? { rates } : {}) }),
    buildPartnerWorkbook: (status, { language }) => buildPartnerReport(status, { language }),
  };
  return { deps, close: () => agent.close() };
}
