import { PartnerStatusSchema, type PartnerStatus } from '../model/index.js';
import type { CallOptions, PartnerApi } from './api.js';
import { HttpPipeline } from './http-pipeline.js';
import { pipelineOptions, setting } from './_config.js';
import type { CommonClientOptions } from './client-options.js';
import { checkClientOptions } from './_check-options.js';

export interface PartnerClientOptions extends CommonClientOptions {
  /** Partner token; `SVC_PARTNER_TOKEN` when omitted. */
  token?: string;
  /**
   * The partner's own organization id, public though its token may hold it: its answers name it,
   * and are not refused for it as holding the token (the reporting client takes its `orgId` so).
   */
  orgId?: string;
}

/** Partner status (spec reporting-api.md §4, endpoint 7) over HTTP with a partner token. */
export class PartnerClient implements PartnerApi {
  /** @internal The request pipeline (the CLI and tests reach it); not part of the package's API, left out of its types. */
  readonly http: HttpPipeline;

  constructor(options: PartnerClientOptions = {}) {
    checkClientOptions(options, ['token', 'baseUrl', 'orgId'], ['token']);
    const env = options.env ?? process.env;
    const token = setting(options.token, env, 'SVC_PARTNER_TOKEN', 'the partner token', 'create one in the dashboard under Partner › API tokens');
    this.http = new HttpPipeline(pipelineOptions(options, token, 'partner token (SVC_PARTNER_TOKEN)', options.orgId ? [options.orgId] : []));
  }

  /** Endpoint 7: every organization the partner serves, with its keys checked against the recommended models. */
  async getPartnerStatus(opts?: CallOptions): Promise<PartnerStatus> {
    return this.http.request({
      path: '/api/partner/status',
      what: 'partner status',
      schema: PartnerStatusSchema,
      forbidden: 'this token is not a partner token',
      ...opts,
    });
  }
}
