import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { request as undiciRequest } from './undici.js';
import type { z } from 'zod';
import { parseRecord } from '../model/parse/index.js';
import { SchemaError } from '../model/parse/index.js';
import { ApiError } from './errors/common/api-error.js';
import { ConfigurationError } from './errors/common/configuration-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { ResponseSchemaError } from './errors/response-schema-error.js';
import { TimeoutError } from './errors/common/timeout-error.js';
import { apiErrorFromResponse } from './errors/from-response.js';
import { sanitizeText } from './errors/_error-body.js';
import { DEFAULT_RETRY, backoffMs, isRetryableStatus, parseRetryAfter, sleep, type RetryPolicy } from './_retry.js';
import { asBytes, capStream, discard, readLimited, readAll, type BodyCap } from './_body.js';
import { bodyLimits, type BodyKind } from './limits/body-limits.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { CredentialInResponseError } from './errors/credential-in-response-error.js';
import { mayHideToken, parsedHolds } from './_credential-scan.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';
import { escapeControls, SecretFragments } from '../core/index.js';
import { defaultUserAgent } from './user-agent.js';
import { keepResponse } from './errors/_response-info.js';
import type { IncomingHttpHeaders } from 'node:http';
import { decodeUtf8, invalidUtf8Warning, replacedAt } from './_utf8.js';
import { serviceDateOf } from './service-date.js';
import { now } from '../core/index.js';
import { doubledPathHint } from './_doubled-path.js';
import { parseBaseUrl } from './_base-url.js';
import { checkHeaderValues, contentEncodingOf, contentLengthOf } from './_headers.js';
import { parseJsonBody } from './_json-body.js';
import type { HttpPipelineOptions, RefuseAlso, RequestOptions, ServiceName } from './pipeline-options.js';

export type { HttpPipelineOptions, QueryValue, RequestOptions, ServiceName } from './pipeline-options.js';


const DEFAULT_SERVICE: ServiceName = { name: 'the service', exampleUrl: 'https://reporting.example.com' };

type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: ApiError; retryable: boolean; retryAfterMs?: number | undefined };

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  /** The `content-length` header, when the service sent a valid one. */
  contentLength?: number | undefined;
}

/**
 * The request pipeline every client uses (openai-node style): bearer token, explicit
 * User-Agent, per-attempt timeout and AbortSignal, retries with exponential backoff and
 * full jitter honouring Retry-After, responses checked against their schema, and every
 * failure turned into one ApiError subclass whose message never contains the token.
 */
export class HttpPipeline {
  readonly baseUrl: URL;
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly credential: string;
  readonly service: ServiceName;
  /** The size cap of each kind of body, in bytes. */
  readonly maxResponseBytes: Readonly<Record<BodyKind, number>>;
  /** A true private field, so util.inspect and console.log of the pipeline never show it. */
  readonly #token: string;
  /** The token's fragments in UTF-8 bytes, searched for in every successful answer's body. */
  readonly #tokenInBytes: SecretFragments;
  /** ... and in characters: searched for in the strings of parsed JSON that had escapes, masked in every error and log line. */
  readonly #tokenInText: SecretFragments;
  /** Other secrets of a month end, looked for in parsed answers only (HttpPipelineOptions.refuseAlso). */
  readonly #refuseAlso: RefuseAlso | undefined;
  private readonly dispatcher: Dispatcher | undefined;
  private readonly policy: RetryPolicy;
  private readonly logger: ((line: string) => void) | undefined;
  private readonly onWarning: ((message: string) => void) | undefined;

  constructor(options: HttpPipelineOptions) {
    this.service = options.service ?? DEFAULT_SERVICE;
    this.baseUrl = parseBaseUrl(options.baseUrl, this.service);
    if (!options.token) throw new ConfigurationError('no token given to the HTTP client');
    this.#token = options.token;
    const publicValues = { public: options.publicValues ?? [] };
    this.#tokenInBytes = SecretFragments.ofUtf8([options.token], publicValues);
    this.#tokenInText = new SecretFragments([options.token], publicValues);
    this.#refuseAlso = options.refuseAlso;
    this.userAgent = options.userAgent ?? defaultUserAgent();
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.credential = options.credential ?? 'token';
    checkHeaderValues(this.#token, this.credential, this.userAgent);
    this.dispatcher = options.dispatcher;
    this.policy = { ...DEFAULT_RETRY, ...options.retry, maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries };
    this.logger = options.logger;
    this.onWarning = options.onWarning;
    this.maxResponseBytes = bodyLimits(options.maxResponseBytes, (field) => new InvalidRequestError(field, 'must be a whole number of bytes, at least 1'));
  }

  request<S extends z.ZodType>(r: RequestOptions<S> & { responseType?: 'json'; schema: S }): Promise<z.infer<S>>;
  request(r: RequestOptions & { responseType?: 'json'; schema?: undefined }): Promise<unknown>;
  request(r: RequestOptions & { responseType: 'bytes' }): Promise<Uint8Array>;
  request(r: RequestOptions & { responseType: 'stream' }): Promise<Readable>;
  async request(r: RequestOptions): Promise<unknown> {
    const type = r.responseType ?? 'json';
    if (type === 'stream') return this.send(r, async (res) => res.body, true);
    if (type === 'bytes') return this.send(r, async (res) => asBytes(await this.readBody(r, res)));
    const { status, headers, json, invalid } = await this.send(r, async (res) => {
      const body = await this.readBody(r, res);
      const { text, invalid } = decodeUtf8(body);
      const json = parseJsonBody(text, this.endpointOf(r), res.status, this.service.name);
      this.refuseEscapedCredential(r, mayHideToken(body), json, res.status, res.headers);
      r.onBody?.(text);
      return { status: res.status, headers: res.headers, json, invalid };
    });
    // The body's bytes and text are garbage by now, so a large answer is not held three times while it is checked.
    const record = this.checked(r, json, status, headers);
    if (invalid) this.warnInvalidUtf8(this.endpointOf(r), replacedAt(record));
    return record;
  }

  /**
   * Says once that an answer to `endpoint` was not valid UTF-8, naming the fields `where` U+FFFD
   * now stands (replacedAt; none: the bytes were in a name or a space, and the answer is named).
   */
  warnInvalidUtf8(endpoint: string, where: string[]): void {
    const line = invalidUtf8Warning(endpoint, where);
    this.log(`svc: ${line}`);
    this.onWarning?.(line);
  }

  /** A JSON request that also returns the body exactly as sent (for saving and hashing the source record). */
  async requestJson<S extends z.ZodType>(r: RequestOptions<S>): Promise<{ data: z.infer<S>; raw: string }> {
    const { status, headers, text, invalid, escaped } = await this.send(r, async (res) => {
      const body = await this.readBody(r, res);
      return { status: res.status, headers: res.headers, escaped: mayHideToken(body), ...decodeUtf8(body) };
    });
    let json: unknown;
    try {
      json = parseJsonBody(text, this.endpointOf(r), status, this.service.name);
    } catch (e) {
      throw e instanceof ApiError ? keepResponse(e, headers, text, this.#tokenInText) : e;
    }
    this.refuseEscapedCredential(r, escaped, json, status, headers);
    r.onBody?.(text);
    const data = this.checked(r, json, status, headers) as z.infer<S>;
    if (invalid) this.warnInvalidUtf8(this.endpointOf(r), replacedAt(data));
    return { data, raw: text };
  }

  /**
   * A successful answer's whole body, refused (CredentialInResponseError) when its bytes hold the
   * token or a piece of it, in any case (SecretFragments): one pass over the bytes, before they are
   * decoded, parsed or handed on.
   */
  private async readBody(r: RequestOptions, res: RawResponse): Promise<Buffer> {
    const body = await readAll(res.body, res.contentLength, this.capOf(r, res.status));
    if (this.#tokenInBytes.inBytes(body)) throw this.credentialFound(r, res.status);
    return body;
  }

  private credentialFound(r: Pick<RequestOptions, 'method' | 'path'>, status: number): CredentialInResponseError {
    return new CredentialInResponseError(this.endpointOf(r), this.credential, status, this.service.name);
  }

  /**
   * Refuses parsed JSON that says the token with JSON escapes (`\u0072t_…`, `\/`) or cut by
   * invisible characters, which the byte search cannot see: walked only when the text had a
   * backslash or may hold an invisible character (`escaped`), so a plain answer costs nothing more. The key-usage stream calls it for each key whose text has one.
   * @throws CredentialInResponseError, with the answer's headers but never its body
   */
  refuseEscapedCredential(r: Pick<RequestOptions, 'method' | 'path'>, escaped: boolean, json: unknown, status: number, headers?: IncomingHttpHeaders): void {
    if (!escaped) return;
    if (parsedHolds(json, this.#tokenInText)) throw keepResponse(this.credentialFound(r, status), headers, undefined, this.#tokenInText);
    const also = this.#refuseAlso;
    if (also && parsedHolds(json, also.fragments)) throw keepResponse(new CredentialInResponseError(this.endpointOf(r), also.credential, status, this.service.name), headers, undefined, this.#tokenInText);
  }

  /** The JSON checked against the request's schema (decimal strings become Decimal). */
  private checked(r: RequestOptions, json: unknown, status: number, headers: IncomingHttpHeaders): unknown {
    if (!r.schema) return json;
    try {
      return parseRecord(r.schema, json, r.what);
    } catch (e) {
      if (e instanceof SchemaError) throw keepResponse(new ResponseSchemaError(this.endpointOf(r), e.path, e.reason, status, this.service.name), headers, undefined, this.#tokenInText);
      throw e;
    }
  }

  /** The size cap of the request's body kind, and the error past it. */
  private capOf(r: RequestOptions, status: number): BodyCap {
    const kind = r.bodyKind ?? (r.responseType === 'bytes' || r.responseType === 'stream' ? 'pdf' : 'records');
    const bytes = this.maxResponseBytes[kind];
    return { bytes, tooLarge: () => new ResponseTooLargeError(this.endpointOf(r), status, kind, bytes) };
  }

  /** `METHOD /path` for messages (no query, no host). */
  endpointOf(r: Pick<RequestOptions, 'method' | 'path'>): string {
    return `${r.method ?? 'GET'} ${this.prefix()}${r.path}`;
  }

  private prefix(): string {
    return this.baseUrl.pathname.replace(/\/+$/, '');
  }

  private urlOf(r: RequestOptions): URL {
    const url = new URL(this.baseUrl.origin + this.prefix() + r.path);
    for (const [k, v] of Object.entries(r.query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    return url;
  }

  private log(line: string): void {
    if (this.logger) this.logger(sanitizeText(line, this.#tokenInText));
  }

  /** Runs attempts until one succeeds, a failure is final, or the retries are used up. */
  private async send<T>(r: RequestOptions, consume: (res: RawResponse) => Promise<T>, streaming = false): Promise<T> {
    let timeouts = 0;
    for (let retry = 0; ; retry++) {
      const outcome = await this.attempt(r, consume, streaming, timeouts);
      if (outcome.ok) return outcome.value;
      if (outcome.error instanceof TimeoutError) timeouts++;
      const { error, retryable, retryAfterMs } = outcome;
      if (!retryable || retry >= this.policy.maxRetries) throw error;
      if (retryAfterMs !== undefined && retryAfterMs > this.policy.maxRetryAfterMs) throw error;
      const delay = retryAfterMs ?? backoffMs(retry, this.policy);
      this.log(`svc: retry ${retry + 1} of ${this.policy.maxRetries} in ${delay} ms after: ${error.message}`);
      await sleep(delay, r.signal);
    }
  }

  private async attempt<T>(
    r: RequestOptions,
    consume: (res: RawResponse) => Promise<T>,
    streaming: boolean,
    /** Attempts of this request that already ran out of time (a TimeoutError counts this one too). */
    timedOutBefore: number,
  ): Promise<Outcome<T>> {
    if (r.signal?.aborted) throw r.signal.reason;
    const endpoint = this.endpointOf(r);
    const url = this.urlOf(r);
    const timeoutMs = r.timeoutMs ?? this.timeoutMs;
    const timeoutError = () => new TimeoutError(endpoint, timeoutMs, { service: this.service.name, origin: url.origin, attempts: timedOutBefore + 1 });
    const ctrl = new AbortController();
    let timedOut = false;
    // A streamed body outlives this call: the deadline then ends the stream with a TimeoutError.
    let streamed: Readable | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (streamed) streamed.destroy(timeoutError());
      else ctrl.abort(new Error('timeout'));
    }, timeoutMs);
    const onUserAbort = (): void => ctrl.abort(r.signal?.reason);
    r.signal?.addEventListener('abort', onUserAbort, { once: true });
    let handedOver = false;
    let answered = false;
    let headers: IncomingHttpHeaders | undefined;
    const started = performance.now();
    try {
      const method = r.method ?? 'GET';
      this.log(`svc: → ${method} ${url.href} (authorization: Bearer ***, user-agent: ${this.userAgent})`);
      const res = await undiciRequest(url, {
        method,
        headers: this.headersOf(r),
        ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
        signal: ctrl.signal,
        ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
      });
      answered = true;
      headers = res.headers;
      const serviceDate = serviceDateOf(res.headers.date);
      if (serviceDate) r.onServiceDate?.(serviceDate);
      this.log(`svc: ← ${res.statusCode} ${method} ${url.pathname} (${Math.round(performance.now() - started)} ms)`);
      const encoding = contentEncodingOf(res.headers['content-encoding']);
      if (res.statusCode >= 200 && res.statusCode < 300) {
        if (encoding) {
          discard(res.body);
          throw new ResponseSchemaError(endpoint, '$', `the answer is compressed (Content-Encoding: ${encoding}), which this client did not ask for (it sends no Accept-Encoding); it cannot be read`, res.statusCode, this.service.name);
        }
        const contentLength = contentLengthOf(res.headers['content-length']);
        if (streaming) {
          const cap = this.capOf(r, res.statusCode);
          if (contentLength !== undefined && contentLength > cap.bytes) {
            discard(res.body);
            throw cap.tooLarge();
          }
          const body = capStream(res.body, cap, { fragments: this.#tokenInBytes, found: () => this.credentialFound(r, res.statusCode) });
          streamed = body;
          handedOver = true;
          body.once('close', () => {
            clearTimeout(timer);
            r.signal?.removeEventListener('abort', onUserAbort);
          });
          return { ok: true, value: await consume({ status: res.statusCode, headers: res.headers, body, contentLength }) };
        }
        return { ok: true, value: await consume({ status: res.statusCode, headers: res.headers, body: res.body, contentLength }) };
      }
      // A compressed error body would be read as garbage: the status alone says what happened.
      const text = encoding ? (discard(res.body), '') : await readLimited(res.body, 64 * 1024);
      const retryAfterMs = parseRetryAfter(res.headers['retry-after'], (serviceDate ?? now()).getTime());
      // A base URL ending in /v1 or /api asks for /v1/v1/…: the 404 names the whole URL and what to drop.
      const doubled = res.statusCode === 404 ? doubledPathHint(this.baseUrl, this.service.urlSetting ?? `the ${this.service.urlOption ?? 'baseUrl'} option`) : undefined;
      const error = apiErrorFromResponse(res.statusCode, text, {
        endpoint,
        credential: this.credential,
        secrets: this.#tokenInText,
        forbidden: r.forbidden,
        forbiddenOnly: r.forbiddenOnly,
        notFound: doubled ? `${r.method ?? 'GET'} ${url.origin}${url.pathname}` : r.notFound,
        notFoundHint: doubled ?? r.notFoundHint,
        retryAfterMs,
        sent: [...url.searchParams],
        headers: res.headers,
        conflict: this.service.conflict,
        redirect: { asked: url, base: this.baseUrl, service: this.service.name, setting: this.service.urlSetting ?? `the ${this.service.urlOption ?? 'baseUrl'} option` },
      });
      return { ok: false, error, retryable: isRetryableStatus(res.statusCode), retryAfterMs };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: keepResponse(e, headers, undefined, this.#tokenInText), retryable: false };
      if (r.signal?.aborted) throw r.signal.reason;
      if (timedOut) return { ok: false, error: timeoutError(), retryable: true };
      const code = (e as { code?: unknown }).code;
      // undici refusing the request it was given (a header value, a method): nothing was sent, and retrying cannot help.
      if (code === 'UND_ERR_INVALID_ARG') throw new InvalidRequestError(endpoint, `the request could not be made, as undici refused it (${escapeControls((e as Error).message)})`);
      this.log(`svc: connection failed: ${(e as Error).message}`);
      return {
        ok: false,
        error: new ConnectionError(endpoint, url.origin, typeof code === 'string' ? code : undefined, { afterAnswer: answered, service: this.service.name, urlSetting: this.service.urlSetting }),
        retryable: true,
      };
    } finally {
      if (!handedOver) {
        clearTimeout(timer);
        r.signal?.removeEventListener('abort', onUserAbort);
      }
    }
  }

  private headersOf(r: RequestOptions): Record<string, string> {
    const type = r.responseType ?? 'json';
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      'user-agent': this.userAgent,
      accept: r.accept ?? (type === 'json' ? 'application/json' : '*/*'),
    };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }
}
