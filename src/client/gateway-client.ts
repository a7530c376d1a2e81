import { z } from 'zod';
import { HttpPipeline } from './http-pipeline.js';
import { SecretFragments } from '../core/index.js';
import type { CommonClientOptions } from './client-options.js';
import { checkClientOptions } from './_check-options.js';
import { ApiError } from './errors/common/api-error.js';
import { ConfigurationError } from './errors/common/configuration-error.js';
import { SearchFailedError } from './search-failed-error.js';
import { timeoutSetting } from './timeout/timeout-setting.js';
import type { CallOptions, GatewayApi } from './api.js';
import { KeyFieldsRecordSchema, SearchRequestSchema, SearchResponseSchema, SearchResultSchema, type KeyFieldsRecord, type SearchRequest, type SearchResponse } from '../model/index.js';
import { DailyActivityResponseSchema, KeyInfoResponseSchema, ModelInfoResponseSchema, type DailyActivityResponse, type KeyInfoResponse, type ModelInfo } from '../model/index.js';
import { parseRecord, SchemaError } from '../model/parse/index.js';
import { checkMaxRangeDays, checkPeriodFields } from './limits/period.js';
import { checkedWithoutToken } from './_without-token.js';
import { readDailyActivityRanges } from './_daily-activity-ranges.js';
import { readActivityPages } from './_daily-activity-pages.js';
import { SumPastExactError } from './_sum-past-exact-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';

export interface GatewayClientOptions extends Omit<CommonClientOptions, 'baseUrl'> {
  /** The gateway, e.g. `https://gateway.example.com`; `SVC_GATEWAY_URL` when omitted. */
  gatewayUrl?: string;
  /** The API key sent as bearer token; `SVC_API_KEY` when omitted. */
  apiKey?: string;
  /** Where the defaults come from; `process.env` when omitted. */
  env?: Record<string, string | undefined>;
  /** Longest range one daily-activity request may cover (366, as key usage's); smaller values split more. */
  maxRangeDays?: number;
}


/** What a 403 on the key lookup means (gateway spec §4), whatever its body says (an HTML page, a bare "forbidden"). */
const KEY_LOOKUP_FORBIDDEN = 'the API key belongs to no organization (the gateway refused the key lookup with HTTP 403)';
/** Inclusive range of UTC days, `YYYY-MM-DD`. */
export interface DayRangeQuery {
  start_date: string;
  end_date: string;
}

/**
 * The search's answer as read: a result without `date` reads as `''`. The spec lists the field
 * and says it is often empty, as engines rarely report one; an engine that reports none may leave
 * it out, and the other results are not lost for it. Every other field is as SearchResponseSchema
 * (the contract, which the reference server states) requires.
 */
/**
 * The request checked before it is sent: bad input is an InvalidRequestError naming the field, as
 * every client method's is (a SchemaError before, which isApiError and the README's promise missed).
 * @throws InvalidRequestError naming the first bad field (`query`, `time_range`, …)
 */
function searchRequestOf(request: SearchRequest): SearchRequest {
  try {
    return parseRecord(SearchRequestSchema, request, 'search request');
  } catch (e) {
    if (e instanceof SchemaError) throw new InvalidRequestError(e.path === '$' ? 'request' : e.path, e.reason);
    throw e;
  }
}

const SearchAnswerSchema = SearchResponseSchema.extend({
  results: z.array(SearchResultSchema.extend({ date: SearchResultSchema.shape.date.default('') })),
});

/**
 * The gateway endpoints an API key may call (gateway-and-cli.md §4, and the LiteLLM-shaped
 * `/key/info`, `/v1/model/info`, `/user/daily/activity` of README Assumptions), over the shared
 * HTTP pipeline: explicit User-Agent, retries, one error class per failure, key never in a message.
 */
export class GatewayClient implements GatewayApi {
  private readonly http: HttpPipeline;
  private readonly maxRangeDays: number;
  /** Only to keep the key out of messages (_without-token.ts). */
  readonly #token: SecretFragments;

  constructor(options: GatewayClientOptions = {}) {
    checkClientOptions(options, ['apiKey', 'gatewayUrl'], ['apiKey'], ['maxRangeDays']);
    const env = options.env ?? process.env;
    const { gatewayUrl, apiKey, env: _env, maxRangeDays, ...rest } = options;
    this.maxRangeDays = checkMaxRangeDays(maxRangeDays);
    const baseUrl = gatewayUrl ?? env.SVC_GATEWAY_URL?.trim();
    if (!baseUrl) {
      throw new ConfigurationError('no gateway URL: set SVC_GATEWAY_URL', 'e.g. SVC_GATEWAY_URL=https://gateway.example.com', 'SVC_GATEWAY_URL');
    }
    const token = apiKey ?? env.SVC_API_KEY?.trim();
    if (!token) throw new ConfigurationError('no API key: set SVC_API_KEY', 'or pass the apiKey option', 'SVC_API_KEY');
    this.#token = new SecretFragments([token]);
    const timeoutMs = timeoutSetting(rest.timeoutMs, env);
    // Messages about the URL name the gateway and the variable it came from, never the reporting API.
    const service = { name: 'the gateway', exampleUrl: 'https://gateway.example.com', urlOption: 'gatewayUrl', conflict: 'unexplained' as const, ...(gatewayUrl === undefined ? { urlSetting: 'SVC_GATEWAY_URL' } : {}) };
    this.http = new HttpPipeline({ ...rest, ...(timeoutMs !== undefined ? { timeoutMs } : {}), baseUrl, token, credential: 'API key', service });
  }

  /** The calling key's fields (GET /v1/service/key). */
  getKeyFields(opts: CallOptions = {}): Promise<KeyFieldsRecord> {
    return this.http.request({ path: '/v1/service/key', schema: KeyFieldsRecordSchema, what: 'key fields', forbidden: KEY_LOOKUP_FORBIDDEN, forbiddenOnly: true, ...opts });
  }

  /** The key's fields exactly as the API sent them, for `--json` output. */
  async getKeyFieldsJson(opts: CallOptions = {}): Promise<{ record: KeyFieldsRecord; raw: string }> {
    const { data, raw } = await this.http.requestJson({ path: '/v1/service/key', schema: KeyFieldsRecordSchema, what: 'key fields', forbidden: KEY_LOOKUP_FORBIDDEN, forbiddenOnly: true, ...opts });
    return { record: data, raw };
  }

  /**
   * A private web search (POST /v1/search/service-search).
   * @throws SearchFailedError naming the HTTP status when the service answers with an error status
   */
  async search(request: SearchRequest, opts: CallOptions = {}): Promise<SearchResponse> {
    return (await this.searchJson(request, opts)).response;
  }

  /** The search, with the answer exactly as sent beside the checked one (for `--json`: fields beyond the spec's kept). */
  async searchJson(request: SearchRequest, opts: CallOptions = {}): Promise<{ response: SearchResponse; raw: string }> {
    const body = searchRequestOf(request);
    try {
      const { data, raw } = await this.http.requestJson({ method: 'POST', path: '/v1/search/service-search', body, schema: SearchAnswerSchema, what: 'search results', ...opts });
      return { response: data, raw };
    } catch (e) {
      // Only an error status or a redirect (never followed: RedirectError) is a failed search; a 200
      // this client cannot read stays a ResponseSchemaError.
      if (e instanceof ApiError && e.status !== undefined && e.status >= 300 && !(e instanceof SearchFailedError)) throw new SearchFailedError(e);
      throw e;
    }
  }

  /** The key's name, limits, spend this month, credits and dev plan (GET /key/info). */
  getKeyInfo(opts: CallOptions = {}): Promise<KeyInfoResponse> {
    return this.http.request({ path: '/key/info', schema: KeyInfoResponseSchema, what: 'key info', ...opts });
  }

  /** Models the key may use (GET /v1/model/info). */
  async getModelInfo(opts: CallOptions = {}): Promise<ModelInfo[]> {
    const res = await this.http.request({ path: '/v1/model/info', schema: ModelInfoResponseSchema, what: 'model info', ...opts });
    return res.data;
  }

  /**
   * The key's usage per UTC day and model, both ends included (GET /user/daily/activity). The
   * range is checked before any request (real days, start not after end: InvalidRequestError
   * naming the field); one longer than a request may cover (366 days) is asked as successive
   * ranges and joined into one answer. Each range is read page by page (LiteLLM's `page` and
   * `page_size`) and checked against the totals it states (_daily-activity-pages.ts): an answer
   * whose days disagree with them, or whose models add up to more than their day, is a
   * ResponseSchemaError naming the field. The service clamps the end to its today.
   */
  async getDailyActivity(range: DayRangeQuery, opts: CallOptions = {}): Promise<DailyActivityResponse> {
    const checked = checkedWithoutToken(this.#token, () => checkPeriodFields({ start_date: range?.start_date, end_date: range?.end_date }, ['range']));
    if (checked.kind !== 'range') throw new InvalidRequestError('start_date', 'give start_date and end_date');
    const { query } = checked;
    const endpoint = this.http.endpointOf({ path: '/user/daily/activity' });
    const refuse = (field: string, reason: string) => new ResponseSchemaError(endpoint, field, reason, 200, 'the gateway');
    const read = (r: DayRangeQuery) =>
      readActivityPages(
        (page, pageSize) =>
          this.http.request({
            path: '/user/daily/activity',
            query: { start_date: r.start_date, end_date: r.end_date, page: String(page), page_size: String(pageSize) },
            schema: DailyActivityResponseSchema,
            what: 'daily activity',
            forbidden: 'usage is not shared with the organization',
            ...opts,
          }),
        refuse,
      );
    try {
      return await readDailyActivityRanges(query.start_date, query.end_date, this.maxRangeDays, read);
    } catch (e) {
      if (!(e instanceof SumPastExactError)) throw e;
      throw new ResponseSchemaError(endpoint, e.field, 'past 2^53 - 1 when summed over the ranges the period was asked in, beyond exact integers', 200, 'the gateway');
    }
  }
}
